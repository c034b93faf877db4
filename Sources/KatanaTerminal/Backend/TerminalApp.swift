public import Katana
public import KatanaUI

/// Runs a KatanaUI app full-screen in the terminal until a quit key is pressed.
///
/// ```swift
/// let store = Store<CounterState, EmptySideEffectDependencyContainer>()
/// try await TerminalApp.run(CounterScreen(props: .init()), store: store)
/// ```
///
/// It starts a ``TerminalSession`` (raw mode, alternate screen, mouse), renders `root` with a
/// ``/KatanaUI/Renderer`` on a ``TerminalBackend``, and runs a ``TerminalEventLoop``. The terminal
/// is restored when the app quits, throws, is interrupted (SIGINT, SIGTERM) or crashes, and
/// while it is suspended (Ctrl-Z, SIGTSTP); after `fg` the screen is redrawn.
public enum TerminalApp {
  /// How the app runs.
  public struct Configuration: Sendable {
    /// What the terminal session turns on.
    public var session: TerminalSession.Options
    /// The frame-rate cap.
    public var maximumFramesPerSecond: Int
    /// Keys that quit the app.
    public var quitKeys: Set<TerminalKeyPress>
    /// Keys that suspend the app as a shell's Ctrl-Z does (``TerminalSession/suspend()``); empty
    /// to opt out, so the keys reach the app instead.
    public var suspendKeys: Set<TerminalKeyPress>
    /// How points map to cells.
    public var geometry: CellGeometry
    /// The colours to draw with; nil detects them from the environment (`NO_COLOR`, `COLORTERM`,
    /// `TERM`).
    public var colorSupport: ColorSupport?
    /// The colours of what the backend draws on its own (placeholders, disabled titles); give
    /// the app's descriptions the same theme.
    public var theme: Theme

    /// A configuration; by default Ctrl-C and Ctrl-Q quit, Ctrl-Z suspends, at most 30 frames a
    /// second.
    public init(
      session: TerminalSession.Options = .init(),
      maximumFramesPerSecond: Int = 30,
      quitKeys: Set<TerminalKeyPress> = [.control("c"), .control("q")],
      suspendKeys: Set<TerminalKeyPress> = [.control("z")],
      geometry: CellGeometry = .standard,
      colorSupport: ColorSupport? = nil,
      theme: Theme = .standard
    ) {
      self.theme = theme
      self.session = session
      self.maximumFramesPerSecond = maximumFramesPerSecond
      self.quitKeys = quitKeys
      self.suspendKeys = suspendKeys
      self.geometry = geometry
      self.colorSupport = colorSupport
    }
  }

  /// Runs `root` until a quit key (or the end of input), then restores the terminal.
  ///
  /// If `store` is not ready yet (its state initializer is still loading), this first waits for
  /// it, before taking over the terminal, so the first frame shows the loaded state rather than
  /// the store's placeholder state.
  ///
  /// - Parameters:
  ///   - root: the root description; its frame is set to the whole terminal.
  ///   - store: the store connected descriptions read and handlers dispatch to.
  ///   - configuration: session options, frame cap, quit keys, geometry and colours.
  ///   - clock: times the frame cap and the renderer's animations.
  /// - Throws: ``TerminalError`` when the terminal cannot be set up (not a terminal, say).
  @MainActor
  public static func run<C: Clock>(
    _ root: some NodeDescription,
    store: (any AnyStore)?,
    configuration: Configuration = Configuration(),
    clock: C = ContinuousClock()
  ) async throws where C.Duration == Duration {
    await store?.waitUntilReady()
    try await TerminalSession.run(options: configuration.session) { session in
      let backend = TerminalBackend(
        size: session.size,
        colorSupport: configuration.colorSupport ?? session.colorSupport,
        geometry: configuration.geometry,
        usesUnicode: TerminalEnvironment.supportsUnicode,
        theme: configuration.theme
      )
      let loop = TerminalEventLoop(
        backend: backend,
        maximumFramesPerSecond: configuration.maximumFramesPerSecond,
        clock: clock,
        quitKeys: configuration.quitKeys,
        output: { session.write($0) }
      )
      loop.suspendKeys = configuration.suspendKeys
      loop.onSuspend = { session.suspend() }
      let renderer = Renderer(rootDescription: root, store: store, clock: clock)
      renderer.render(in: backend)
      await loop.run(events: session.events)
      withExtendedLifetime(renderer) {}
    }
  }
}
