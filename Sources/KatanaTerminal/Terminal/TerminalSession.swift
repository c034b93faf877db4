import KatanaSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal in full-screen mode: raw input, the alternate screen, mouse reporting, bracketed
/// paste, and a stream of input and resize events.
///
/// The terminal is **always put back** as it was: when ``restore()`` is called, when the body of
/// ``run(options:isolation:_:)`` returns or throws, on SIGINT / SIGTERM / SIGHUP / SIGQUIT (the
/// process then exits with 128 + the signal number), when the process calls `exit`, and when it
/// crashes on a fatal signal (SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE), after which the
/// crash is passed on to the previous handler.
///
/// **Job control** works as in other full-screen programs: on SIGTSTP (a shell's `kill -TSTP`,
/// or ``suspend()``, which apps bind to Ctrl-Z) the terminal is put back and the process stops;
/// when it continues in the foreground (`fg`) raw mode and the screen modes are set up again,
/// the size is read again, and ``events`` reports ``TerminalEvent/resume(_:)`` so the app redraws
/// everything. Until then ``write(_:)`` writes nothing. After `bg` the process stops again at its
/// first terminal call (SIGTTOU), like any full-screen program, until `fg`.
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
    /// How long a lone `ESC` waits for a next byte before it counts as the Escape key.
    /// Incomplete escape sequences wait for their next byte however long it takes.
    public var escapeTimeoutMilliseconds: Int
    /// Turn on bracketed paste (mode 2004), so pasted text arrives whole as
    /// ``TerminalEvent/paste(_:)`` instead of as key presses.
    public var usesBracketedPaste: Bool

    /// Options; by default everything is on and a lone `ESC` waits 25 ms.
    public init(
      usesAlternateScreen: Bool = true,
      reportsMouse: Bool = true,
      hidesCursor: Bool = true,
      escapeTimeoutMilliseconds: Int = 25,
      usesBracketedPaste: Bool = true
    ) {
      self.usesAlternateScreen = usesAlternateScreen
      self.reportsMouse = reportsMouse
      self.hidesCursor = hidesCursor
      self.escapeTimeoutMilliseconds = escapeTimeoutMilliseconds
      self.usesBracketedPaste = usesBracketedPaste
    }
  }

  private struct Storage {
    var isActive = true
    var size: TerminalSize
  }

  /// Whether some session is active in this process.
  private static let sessionIsActive = LockedValue(false)

  private let device: TerminalDevice
  private let original: termios
  private let options: Options
  private let storage: LockedValue<Storage>
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
    try start(device: .standard, options: options)
  }

  /// Starts a session on `device` (a pseudo-terminal in tests).
  static func start(device: TerminalDevice, options: Options) throws(TerminalError) -> TerminalSession {
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
    try await run(device: .standard, options: options, body)
  }

  /// ``run(options:isolation:_:)`` on `device` (a pseudo-terminal in tests).
  static func run<Result>(
    device: TerminalDevice,
    options: Options = Options(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TerminalSession) async throws -> Result
  ) async throws -> Result {
    let session = try start(device: device, options: options)
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
    storage = LockedValue(Storage(size: initialSize))
    (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)

    var setup = ""
    if options.usesAlternateScreen { setup += EscapeSequence.enterAlternateScreen }
    if options.hidesCursor { setup += EscapeSequence.hideCursor }
    if options.reportsMouse { setup += EscapeSequence.enableMouse }
    if options.usesBracketedPaste { setup += EscapeSequence.enableBracketedPaste }
    setup += EscapeSequence.resetStyle + EscapeSequence.clearScreen
    let raw = TerminalDevice.rawSettings(from: original)
    SignalGuard.arm(original: original, raw: raw, setup: setup, device: device, resizeNotifier: reader.resizeNotifier)
    do {
      try device.setAttributes(raw)
    } catch {
      SignalGuard.disarm()
      reader.stop()
      throw error
    }
    device.write(setup)

    let continuation = continuation
    reader.start(
      deliver: { events in
        for event in events { continuation.yield(event) }
      },
      resized: { [weak self] in self?.updateSize() },
      continued: { [weak self] in self?.resumed() },
      finished: { continuation.finish() }
    )
  }

  /// The terminal's size now, in cells.
  public var size: TerminalSize { storage.withLock { $0.size } }

  /// Whether the session still owns the terminal (false once restored).
  public var isActive: Bool { storage.withLock { $0.isActive } }

  /// Writes text and escape sequences to the terminal. Ignored once the session is restored, and
  /// while the terminal is released for a stop, so a late frame cannot garble the user's shell.
  /// (A write that began just before a stop on another thread may still land after the
  /// terminal was put back: a signal handler cannot wait for it. The resume redraws everything.)
  public func write(_ text: String) {
    storage.withLock { storage in
      guard storage.isActive, !SignalGuard.isTerminalReleased else { return }
      device.write(text)
    }
  }

  /// Suspends the process as a shell's Ctrl-Z does: puts the terminal back and stops (SIGTSTP).
  /// Returns once the process continued; then the terminal is set up again and ``events``
  /// reports ``TerminalEvent/resume(_:)``. Does nothing once the session is restored.
  ///
  /// Raw mode turns the terminal's own Ctrl-Z off, so apps call this for their suspend key
  /// (``TerminalApp`` does for Ctrl-Z unless configured otherwise).
  public func suspend() {
    guard isActive else { return }
    _ = kill(getpid(), SIGTSTP)
  }

  /// Puts the terminal back as it was: leaves the alternate screen, shows the cursor, turns mouse
  /// reporting off, restores the termios settings, stops reading input and finishes ``events``.
  /// Safe to call more than once and from any thread.
  public func restore() {
    let wasActive = storage.withLock { storage in
      guard storage.isActive else { return false }
      storage.isActive = false
      // First stop the handlers from setting the terminal up again (a continue after a stop),
      // so they cannot undo the teardown below.
      SignalGuard.beginRestore()
      var teardown = EscapeSequence.resetStyle
      if options.usesBracketedPaste { teardown += EscapeSequence.disableBracketedPaste }
      if options.reportsMouse { teardown += EscapeSequence.disableMouse }
      if options.hidesCursor { teardown += EscapeSequence.showCursor }
      if options.usesAlternateScreen { teardown += EscapeSequence.exitAlternateScreen }
      device.write(teardown)
      try? device.setAttributes(original)
      SignalGuard.disarm()
      return true
    }
    guard wasActive else { return }
    reader.stop()
    continuation.finish()
    Self.sessionIsActive.withLock { $0 = false }
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

  /// Reads the size again after a continue and reports the resume, whether or not it changed.
  private func resumed() {
    let newSize = device.size()
    let size = storage.withLock { storage -> TerminalSize? in
      guard storage.isActive else { return nil }
      if let newSize { storage.size = newSize }
      return storage.size
    }
    if let size { continuation.yield(.resume(size)) }
  }

  /// `COLUMNS` × `LINES`, or 80×24, for when the window size cannot be read.
  private static func environmentSize() -> TerminalSize {
    let environment = ProcessInfo.processInfo.environment
    let columns = environment["COLUMNS"].flatMap(Int.init) ?? 80
    let rows = environment["LINES"].flatMap(Int.init) ?? 24
    return TerminalSize(columns: columns, rows: rows)
  }
}
