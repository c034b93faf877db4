import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal in full-screen mode: raw input, the alternate screen, mouse reporting, and a
/// stream of input and resize events.
///
/// The terminal is **always put back** as it was: when ``restore()`` is called, when the body of
/// ``run(options:isolation:_:)`` returns or throws, on SIGINT / SIGTERM / SIGHUP / SIGQUIT (the
/// process then exits with 128 + the signal number), when the process calls `exit`, and when it
/// crashes on a fatal signal (SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE), after which the
/// crash is passed on to the previous handler.
///
/// ```swift
/// try await TerminalSession.run { session in
///   session.write("\u{1B}[HHello")
///   for await event in session.events {
///     if case .key(.control("c")) = event { break }
///   }
/// }
/// ```
///
/// Only one session can be active in a process. All methods are thread-safe.
public final class TerminalSession: Sendable {
  /// What the session turns on.
  public struct Options: Hashable, Sendable {
    /// Draw on the alternate screen, so the user's scrollback is left untouched.
    public var usesAlternateScreen: Bool
    /// Report mouse clicks (SGR mode 1006).
    public var reportsMouse: Bool
    /// Hide the text cursor while the session is active.
    public var hidesCursor: Bool
    /// How long an incomplete escape sequence waits for its next byte before a lone `ESC` counts
    /// as the Escape key.
    public var escapeTimeoutMilliseconds: Int

    public init(
      usesAlternateScreen: Bool = true,
      reportsMouse: Bool = true,
      hidesCursor: Bool = true,
      escapeTimeoutMilliseconds: Int = 25
    ) {
      self.usesAlternateScreen = usesAlternateScreen
      self.reportsMouse = reportsMouse
      self.hidesCursor = hidesCursor
      self.escapeTimeoutMilliseconds = escapeTimeoutMilliseconds
    }
  }

  private struct Storage {
    var isActive = true
    var signalSources: [any DispatchSourceSignal] = []
    var size: TerminalSize
  }

  /// Whether some session is active in this process.
  private static let sessionIsActive = Protected(false)

  private let device: TerminalDevice
  private let original: termios
  private let options: Options
  private let storage: Protected<Storage>
  private let reader: InputReader
  private let continuation: AsyncStream<TerminalEvent>.Continuation

  /// Keys, mouse events and resizes, in the order they happened. Finishes when the session is
  /// restored or the input ends. Iterate it from one task only.
  public let events: AsyncStream<TerminalEvent>

  /// The colours the terminal advertises (see ``ColorSupport/detect(environment:)``).
  public let colorSupport: ColorSupport

  /// Starts a session on standard input and output.
  ///
  /// - Throws: ``TerminalError/notATerminal`` when they are not a terminal,
  ///   ``TerminalError/sessionAlreadyActive`` when a session is already active, and
  ///   ``TerminalError/systemCall(_:errno:)`` when termios or pipe setup fails (the terminal is
  ///   then left as it was).
  public static func start(options: Options = Options()) throws(TerminalError) -> TerminalSession {
    let device = TerminalDevice.standard
    guard device.isTerminal else { throw .notATerminal }
    let claimed = sessionIsActive.withLock { active in
      if active { return false }
      active = true
      return true
    }
    guard claimed else { throw .sessionAlreadyActive }
    do {
      return try TerminalSession(device: device, options: options)
    } catch {
      sessionIsActive.withLock { $0 = false }
      throw error
    }
  }

  /// Runs `body` in a session and restores the terminal when it returns or throws.
  ///
  /// - Throws: what ``start(options:)`` throws, or what `body` throws (after the terminal has
  ///   been restored, so an error message printed by the caller is readable).
  public static func run<Result>(
    options: Options = Options(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TerminalSession) async throws -> Result
  ) async throws -> Result {
    let session = try start(options: options)
    defer { session.restore() }
    return try await body(session)
  }

  private init(device: TerminalDevice, options: Options) throws(TerminalError) {
    self.device = device
    self.options = options
    original = try device.attributes()
    reader = try InputReader(input: device.input, escapeTimeoutMilliseconds: Int32(clamping: options.escapeTimeoutMilliseconds))
    colorSupport = ColorSupport.detect(environment: ProcessInfo.processInfo.environment)
    let initialSize = device.size() ?? Self.environmentSize()
    storage = Protected(Storage(size: initialSize))
    (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)

    CrashGuard.arm(original: original, device: device)
    do {
      try device.setAttributes(TerminalDevice.rawSettings(from: original))
    } catch {
      CrashGuard.disarm()
      throw error
    }
    var setup = ""
    if options.usesAlternateScreen { setup += EscapeSequence.enterAlternateScreen }
    if options.hidesCursor { setup += EscapeSequence.hideCursor }
    if options.reportsMouse { setup += EscapeSequence.enableMouse }
    setup += EscapeSequence.resetStyle + EscapeSequence.clearScreen
    device.write(setup)

    installSignalSources()
    let continuation = continuation
    reader.start(
      deliver: { events in
        for event in events { continuation.yield(event) }
      },
      finished: { continuation.finish() }
    )
  }

  /// The terminal's size now, in cells.
  public var size: TerminalSize { storage.withLock { $0.size } }

  /// Whether the session still owns the terminal (false once restored).
  public var isActive: Bool { storage.withLock { $0.isActive } }

  /// Writes text and escape sequences to the terminal. Ignored once the session is restored, so
  /// a late frame cannot garble the user's shell.
  public func write(_ text: String) {
    storage.withLock { storage in
      guard storage.isActive else { return }
      device.write(text)
    }
  }

  /// Puts the terminal back as it was: leaves the alternate screen, shows the cursor, turns mouse
  /// reporting off, restores the termios settings, stops reading input and finishes ``events``.
  /// Safe to call more than once and from any thread.
  public func restore() {
    guard let sources = restoreTerminal() else { return }
    for source in sources { source.cancel() }
    for signal in Self.terminatingSignals + [SIGWINCH] { setSignalDisposition(signal, SIG_DFL) }
    reader.stop()
    continuation.finish()
    Self.sessionIsActive.withLock { $0 = false }
  }

  /// Puts the terminal settings and screen back and marks the session inactive, without ending
  /// the event stream (so a signal handler can exit before the app's own exit path runs).
  ///
  /// - Returns: the signal sources to cancel, or nil when the session was already restored.
  private func restoreTerminal() -> [any DispatchSourceSignal]? {
    storage.withLock { storage in
      guard storage.isActive else { return nil }
      storage.isActive = false
      var teardown = EscapeSequence.resetStyle
      if options.reportsMouse { teardown += EscapeSequence.disableMouse }
      if options.hidesCursor { teardown += EscapeSequence.showCursor }
      if options.usesAlternateScreen { teardown += EscapeSequence.exitAlternateScreen }
      device.write(teardown)
      try? device.setAttributes(original)
      CrashGuard.disarm()
      defer { storage.signalSources = [] }
      return storage.signalSources
    }
  }

  /// Signals that end the app: the terminal is restored first.
  private static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  private func installSignalSources() {
    let queue = DispatchQueue(label: "KatanaTerminal signals")
    var sources: [any DispatchSourceSignal] = []
    for signal in Self.terminatingSignals {
      // The default action would kill the process before the source runs.
      setSignalDisposition(signal, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
      source.setEventHandler { [weak self] in
        _ = self?.restoreTerminal()
        // `_exit`, not `exit`: the app's main thread keeps running until the process ends, and
        // must not race this path to its own exit code or atexit work.
        _exit(128 + signal)
      }
      source.resume()
      sources.append(source)
    }
    setSignalDisposition(SIGWINCH, SIG_IGN)
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
    resize.setEventHandler { [weak self] in self?.updateSize() }
    resize.resume()
    sources.append(resize)
    storage.withLock { $0.signalSources = sources }
  }

  /// Reads the new size after SIGWINCH and reports it if it changed.
  private func updateSize() {
    guard let newSize = device.size() else { return }
    let changed = storage.withLock { storage in
      guard storage.isActive, storage.size != newSize else { return false }
      storage.size = newSize
      return true
    }
    if changed { continuation.yield(.resize(newSize)) }
  }

  /// `COLUMNS` × `LINES`, or 80×24, for when the window size cannot be read.
  private static func environmentSize() -> TerminalSize {
    let environment = ProcessInfo.processInfo.environment
    let columns = environment["COLUMNS"].flatMap(Int.init) ?? 80
    let rows = environment["LINES"].flatMap(Int.init) ?? 24
    return TerminalSize(columns: columns, rows: rows)
  }
}
