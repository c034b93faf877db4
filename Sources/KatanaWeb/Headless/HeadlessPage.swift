import Foundation
public import Katana
public import KatanaUI

/// Runs a KatanaUI app on the real web backend with no browser: for tests that press keys, type,
/// click controls by their accessible name, resize the window, and look at the page.
///
/// The app runs as it does for a browser tab: a ``WebBackend`` and a renderer on the page's own
/// session of the store. Where a browser would run the page's script, the page is mirrored in
/// Swift: each message the backend sends is applied to a document built the way
/// `katana.js` builds it (``dom``), and each user action becomes the JSON message the script
/// would send, decoded by ``ClientMessageDecoder`` and checked by the backend like any other.
/// `Tests/Browser/dom_snapshots.py` checks the mirror against Chromium's page.
///
/// Nothing in it reads the wall clock. Each action sends its messages, then waits until the
/// renderer has settled (``/KatanaUI/Renderer/settle()``) and acknowledges the input, as the
/// server does once everything the input caused is rendered. Animations and timed work run on
/// the clock the test passes (a manual clock); advance it, then call ``settle()``.
///
/// ```swift
/// let page = HeadlessPage(root: CounterScreen(props: .init()), store: store, viewport: .phone)
/// await page.start()
/// try await page.click("Increment")
/// #expect(page.dom.normalizedHTML.contains("Count: 1"))
/// ```
///
/// ## Threading
/// Main actor, like every backend and the renderer.
@MainActor
public final class HeadlessPage {
  /// The backend the app draws on, as for a browser tab.
  public let backend: WebBackend
  /// The renderer of the app's root description, on the page's own session of the store.
  public let renderer: Renderer
  /// The page's window, in CSS pixels.
  public private(set) var viewport: PageViewport
  /// The address the page opened (`/` for the app's root).
  public let path: String

  private let page: PageRenderer
  private let mirror: PageMirror
  private let decoder = ClientMessageDecoder()
  private var sequence = 0
  private var isStarted = false

  /// A page of `viewport` CSS pixels opened at `path`, running `root` on its own session of
  /// `store`; call ``start()`` before anything else.
  ///
  /// - Parameters:
  ///   - root: the app's root description (made once, as for each browser tab).
  ///   - store: the store every page shares; the page renders a session of it, as a tab does.
  ///     `nil` for none.
  ///   - viewport: the window's size in CSS pixels.
  ///   - path: the address the page opens, as in a link: `/settings` asks the app for that
  ///     screen (its root's routes decide).
  ///   - pixelsPerPoint: CSS pixels per point, as ``WebServer/Configuration/pixelsPerPoint``.
  ///   - clock: the clock the renderer times animations on; pass a manual clock so that tests
  ///     decide when time passes.
  public init(
    root: some NodeDescription, store: (any AnyStore)?, viewport: PageViewport = .desktop, path: String = "/",
    pixelsPerPoint: Double = 1.25, clock: some Clock<Duration> = ContinuousClock()
  ) {
    let mirror = PageMirror(scale: 1, windowWidth: viewport.width, windowHeight: viewport.height)
    let backend = WebBackend(containerSize: Size(width: 0, height: 0), pixelsPerPoint: pixelsPerPoint) { message in
      do {
        try mirror.apply(message)
      } catch {
        preconditionFailure("HeadlessPage: the backend sent a message the page cannot read: \(error)")
      }
    }
    // The page's scale is the one the server prints into it: the backend's, once corrected.
    mirror.scale = backend.pixelsPerPoint
    self.backend = backend
    self.mirror = mirror
    self.viewport = viewport
    self.path = path
    page = PageRenderer(root: root, sharing: store, clock: clock)
    renderer = page.renderer
    mirror.send = { [unowned self] input in self.send(input) }
  }

  /// Opens the page as a browser tab does: reports the window's size (the app's first layout
  /// has it), asks for ``path`` when it is not `/`, then waits until the app settled.
  public func start() async {
    guard !isStarted else {
      preconditionFailure("HeadlessPage.start() was called twice")
    }
    isStarted = true
    send(viewportMessage)
    renderer.render(in: backend)
    if path != "/" { send(.navigate(paths: [path])) }
    await settle()
  }

  /// Waits until everything the app dispatched was handled and drawn, then acknowledges the
  /// page's input, as the server does (text fields show the server's text again).
  public func settle() async {
    await renderer.settle()
    if sequence > mirror.acknowledged { apply(WebProtocol.acknowledgement(upTo: sequence)) }
  }

  /// The page's document now, under its root element.
  public var dom: WebDOM { mirror.dom }

  /// Presses `key` (with its modifiers), then waits until the app settled.
  ///
  /// The key goes where it goes in a browser: into the focused text field or text area (Esc
  /// leaves it; Enter in a field reaches the app), to the focused button (Enter and Space click
  /// it), tab list (arrows choose) or select (arrows choose), else to the app's focused node or
  /// its root. Tab and Shift-Tab move the focus, as the browser does.
  public func press(_ key: KeyPress) async {
    requireStarted()
    mirror.press(key)
    await settle()
  }

  /// Types `text` one character at a time, as a user would, waiting for the app after each:
  /// into the focused field, or as key presses.
  public func type(_ text: String) async {
    for character in text {
      await press(KeyPress(.character(character)))
    }
  }

  /// Pastes `text` in one piece: into the focused field, or to the focused node as a paste.
  public func paste(_ text: String) async {
    requireStarted()
    mirror.paste(text)
    await settle()
  }

  /// Clicks the visible control whose accessible name is `name` (its `aria-label`, else its
  /// text: a button's title, a tab's, a check box's label, a row's content), then waits until
  /// the app settled. A text field, text area or select takes the focus. While a modal dialog is
  /// open, only what it holds can be clicked. A disabled control takes the click and does
  /// nothing, as in a browser.
  ///
  /// - Throws: ``/KatanaUI/HeadlessControlError/noControl(named:)`` when no visible control has
  ///   that name, ``/KatanaUI/HeadlessControlError/ambiguous(name:count:)`` when several have.
  public func click(_ name: String) async throws(HeadlessControlError) {
    requireStarted()
    let control = try HeadlessControlError.single(mirror.controls(named: name), named: name)
    mirror.click(control)
    await settle()
  }

  /// Resizes the window to `viewport`, then waits until the app laid itself out again.
  public func resize(to viewport: PageViewport) async {
    requireStarted()
    self.viewport = viewport
    mirror.windowWidth = viewport.width
    mirror.windowHeight = viewport.height
    mirror.recull(mirror.root)
    send(viewportMessage)
    await settle()
  }

  /// Ends the page's session, as closing the tab does: its listener leaves the shared store.
  public func close() {
    page.close()
  }

  // MARK: Messages

  /// What the page reports: its root's size in points.
  private var viewportMessage: PageInput {
    .viewport(width: viewport.width / mirror.scale, height: viewport.height / mirror.scale)
  }

  private func requireStarted() {
    guard isStarted else { preconditionFailure("HeadlessPage: call start() before driving the page") }
  }

  /// Sends one message as the page's script does: numbered, as JSON, through the decoder and
  /// the backend's checks. A refusal means the mirror and the backend disagree about the page.
  @discardableResult
  private func send(_ input: PageInput) -> Int {
    sequence += 1
    let bytes = input.encoded(sequence: sequence)
    do {
      let (message, _) = try decoder.decodeSequenced(Data(bytes))
      try backend.deliver(message)
    } catch {
      preconditionFailure("HeadlessPage: the backend refused \(String(decoding: bytes, as: UTF8.self)): \(error)")
    }
    return sequence
  }

  private func apply(_ message: [UInt8]) {
    do {
      try mirror.apply(message)
    } catch {
      preconditionFailure("HeadlessPage: \(error)")
    }
  }
}
