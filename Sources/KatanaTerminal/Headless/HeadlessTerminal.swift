public import Katana
public import KatanaUI

/// Runs a KatanaUI app on a ``TerminalBackend`` with no terminal attached: for tests that press
/// keys, type, click controls by their accessible name, resize, and look at the screen.
///
/// Nothing in it reads the wall clock. Each action hands the event to the backend, then waits
/// until the renderer has settled (``/KatanaUI/Renderer/settle()``): everything the app
/// dispatched was handled and its changes drawn. Animations and timed work run on the clock the
/// test passes (a manual clock); advance it, then call ``settle()``.
///
/// ```swift
/// let terminal = HeadlessTerminal(root: CounterScreen(props: .init()), store: store,
///                                 size: TerminalSize(columns: 80, rows: 24))
/// await terminal.start()
/// try await terminal.click("Increment")
/// #expect(terminal.screen.text.contains("Count: 1"))
/// ```
///
/// ## Threading
/// Main actor, like every backend and the renderer.
@MainActor
public final class HeadlessTerminal {
  /// The backend the app draws on.
  public let backend: TerminalBackend
  /// The renderer of the app's root description.
  public let renderer: Renderer

  /// A terminal of `size` cells running `root`, connected to `store`; call ``start()`` before
  /// anything else.
  ///
  /// - Parameters:
  ///   - root: the app's root description.
  ///   - store: the store its connected descriptions read; `nil` for none.
  ///   - size: the terminal's size in cells.
  ///   - geometry: how points map to cells (the app's own, as it passes to ``TerminalApp``).
  ///   - colorSupport: the colours cells are drawn with.
  ///   - theme: the colours of what the backend draws on its own.
  ///   - clock: the clock the renderer times animations on; pass a manual clock so that tests
  ///     decide when time passes.
  public init(
    root: some NodeDescription, store: (any AnyStore)?, size: TerminalSize = TerminalSize(columns: 80, rows: 24),
    geometry: CellGeometry = .standard, colorSupport: ColorSupport = .ansi16, theme: Theme = .standard,
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    backend = TerminalBackend(size: size, colorSupport: colorSupport, geometry: geometry, theme: theme)
    renderer = Renderer(rootDescription: root, store: store, clock: clock)
  }

  /// Renders the root and waits until it shows the store's state.
  public func start() async {
    renderer.render(in: backend)
    await settle()
  }

  /// Waits until everything the app dispatched was handled and drawn.
  public func settle() async {
    await renderer.settle()
  }

  /// What the terminal shows now.
  public var screen: TerminalScreen {
    var grid = CellGrid(size: backend.size)
    backend.draw(into: &grid)
    return TerminalScreen(
      grid: grid, focus: backend.focusedNode.flatMap { backend.cellRect(of: $0) }, cursor: backend.focusCursor)
  }

  /// Presses `key` (with its modifiers), then waits until the app settled.
  public func press(_ key: TerminalKeyPress) async {
    backend.handle(.key(key))
    await settle()
  }

  /// Types `text` one character at a time, as a user would, waiting for the app after each.
  public func type(_ text: String) async {
    for character in text {
      await press(.character(character))
    }
  }

  /// Pastes `text` in one piece (a bracketed paste), then waits until the app settled.
  public func paste(_ text: String) async {
    backend.handle(.paste(text))
    await settle()
  }

  /// Clicks the visible control whose accessible name is `name` (a button's title unless its
  /// description names it otherwise), in the middle of its cells, then waits until the app
  /// settled.
  ///
  /// - Throws: ``/KatanaUI/HeadlessControlError/noControl(named:)`` when no visible control has
  ///   that name, ``/KatanaUI/HeadlessControlError/ambiguous(name:count:)`` when several have.
  public func click(_ name: String) async throws(HeadlessControlError) {
    let rect = try HeadlessControlError.single(backend.visibleControls(named: name), named: name)
    let column = rect.column + (rect.width - 1) / 2
    let row = rect.row + (rect.height - 1) / 2
    backend.handle(.mouse(MouseEvent(button: .left, action: .press, column: column, row: row)))
    backend.handle(.mouse(MouseEvent(button: .left, action: .release, column: column, row: row)))
    await settle()
  }

  /// Resizes the terminal to `size` cells, then waits until the app laid itself out again.
  public func resize(to size: TerminalSize) async {
    backend.handle(.resize(size))
    await settle()
  }
}
