import KatanaSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the signal guard is: the value of ``SignalGuardRecord/phase``.
enum SignalGuardPhase: Int {
  /// No session. Our handlers are not installed, or the previous ones are already back in their
  /// place (`disarm` puts them back before it enters this phase).
  case disarmed = 0
  /// A session owns the terminal: handlers put it back, stop, and set it up again.
  case armed = 1
  /// The terminal is being put back, by the session's `restore()` or by a handler (a
  /// terminating or fatal signal, `exit`): handlers may put it back again (the same bytes and
  /// settings, so doing it twice is harmless) but never set it up again.
  case restoring = 2
}

/// A previous action, with the signal it belongs to: a fixed-size C array of these, so a handler
/// looks one up without touching a Swift array.
struct PreviousSignalAction {
  var signal: Int32 = 0
  var action = sigaction()
}

/// What the signal handlers share with ordinary code; they can take no context, so it is global.
///
/// ## Which fields a handler may touch, and why each access is safe
///
/// A handler can interrupt any thread anywhere, including one holding a lock, so it takes no
/// lock, allocates nothing and calls only async-signal-safe functions. It shares memory in two
/// ways only:
///
/// **Lock-free atomics** (``SignalAtomic``: C11, sequentially consistent, async-signal-safe). A
/// field is one of these when a handler writes it, or when ordinary code writes it while a
/// handler may read it:
/// - `phase` (``SignalGuardPhase``): `arm`, `beginRestore` and `disarm` store it; every handler
///   reads it; the restoring handlers move it from armed to restoring with a compare-exchange.
/// - `handlersInFlight`: every handler adds 1 on entry, before it reads `phase`, and takes it
///   away on exit; `beginRestore` and `disarm` wait for 0 after they changed `phase`.
/// - `isStopping`: written by the SIGTSTP handler around its stop, read by the SIGCONT handler
///   (which then leaves the set-up to the SIGTSTP handler), reset by `arm`.
/// - `isReleased`: written by the job-control handlers, read by `TerminalSession.write` (which
///   then writes nothing), reset by `arm` and `disarm`.
///
/// **Settings** (`settings`, `setupBuffer`, `previousActions`): plain memory, written only by
/// `arm` (and ``SignalGuard/overrideStop(_:)``) while no handler can read it, read-only
/// otherwise. A handler reads a setting only after it counted itself in `handlersInFlight` and
/// then found a phase other than `.disarmed`. `disarm` enters `.disarmed` and then waits until
/// `handlersInFlight` is 0, and `arm` writes only after a `disarm` returned (or before any
/// handler of ours was installed). In the single total order of those four sequentially
/// consistent operations, either the handler finds `.disarmed` and reads no setting, or `disarm`
/// finds the handler counted and waits for it to finish. So no handler reads a setting while it
/// changes, and none still runs on a session's settings after that session's `restore()`.
struct SignalGuardRecord {
  struct Settings {
    var original = termios()
    /// The session's raw-mode settings, put back when the process continues after a stop.
    var raw = termios()
    /// The session's setup sequences (screen, cursor, mouse, paste), written again on continue:
    /// `setupLength` bytes of ``SignalGuardRecord/setupBuffer``.
    var setupLength = 0
    var input: Int32 = STDIN_FILENO
    var output: Int32 = STDOUT_FILENO
    /// The write end of the session's wake-up pipe (resize, continue); it stays open until the
    /// session's `restore()` returned from `disarm`, so a handler never writes to a reused
    /// descriptor.
    var resizeNotifier: Int32 = -1
    /// Tests replace the actual stop (which would stop the test runner) with this; nil stops.
    var stopOverride: (@convention(c) () -> Void)?
  }

  let phase = SignalAtomic(SignalGuardPhase.disarmed.rawValue)
  let handlersInFlight = SignalAtomic(0)
  let isStopping = SignalAtomic(0)
  let isReleased = SignalAtomic(0)
  var settings = Settings()
  /// The setup sequences; allocated once and never freed, so a handler can always read it.
  let setupBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: SignalGuard.setupCapacity)
  /// The actions installed before ours, one per ``SignalGuard/handledSignals`` entry; allocated
  /// once and never freed.
  let previousActions: UnsafeMutablePointer<PreviousSignalAction> = {
    let actions = UnsafeMutablePointer<PreviousSignalAction>.allocate(capacity: SignalGuard.handledSignals.count)
    actions.initialize(repeating: PreviousSignalAction(), count: SignalGuard.handledSignals.count)
    return actions
  }()
  let previousActionCount = SignalGuard.handledSignals.count
}

/// The record shared with the signal handlers.
///
/// `nonisolated(unsafe)` is safe here: the pointer itself never changes, and the rules for the
/// pointee are those of ``SignalGuardRecord``: atomics for what is shared, settings written only
/// while no handler can read them. The pointer is first read by `arm`, before any handler of
/// ours is installed, so a handler never runs the lazy initializer.
nonisolated(unsafe) private let signalGuardRecord: UnsafeMutablePointer<SignalGuardRecord> = {
  let record = UnsafeMutablePointer<SignalGuardRecord>.allocate(capacity: 1)
  record.initialize(to: SignalGuardRecord())
  return record
}()

/// Runs a handler's body: saves `errno` and puts it back on exit (the interrupted code may be
/// about to read it: a `read` that failed with `EINTR` must not look like another error), and
/// counts the handler in `handlersInFlight` while it reads the phase and the settings.
@inline(__always)
private func runHandler(_ body: (SignalGuardPhase) -> Void) {
  let savedErrno = errno
  let record = signalGuardRecord
  record.pointee.handlersInFlight.add(1)
  body(SignalGuardPhase(rawValue: record.pointee.phase.load()) ?? .disarmed)
  record.pointee.handlersInFlight.add(-1)
  errno = savedErrno
}

/// Puts the terminal back from a handler or `atexit` (armed or restoring): only async-signal-safe
/// calls (`write`, `tcsetattr`), no allocation.
private func restoreTerminalFromHandler() {
  let found = signalGuardRecord.pointee.phase.compareExchange(
    expected: SignalGuardPhase.armed.rawValue, desired: SignalGuardPhase.restoring.rawValue)
  guard found != SignalGuardPhase.disarmed.rawValue else { return }
  EscapeSequence.restoreAll.withUTF8Buffer { buffer in
    TerminalDevice.writeAll(signalGuardRecord.pointee.settings.output, buffer)
  }
  var original = signalGuardRecord.pointee.settings.original
  _ = tcsetattr(signalGuardRecord.pointee.settings.input, TCSAFLUSH, &original)
}

/// Puts the terminal back for a stop, keeping the guard armed: only async-signal-safe calls.
private func releaseTerminalFromHandler() {
  signalGuardRecord.pointee.isReleased.store(1)
  EscapeSequence.restoreAll.withUTF8Buffer { buffer in
    TerminalDevice.writeAll(signalGuardRecord.pointee.settings.output, buffer)
  }
  var original = signalGuardRecord.pointee.settings.original
  _ = tcsetattr(signalGuardRecord.pointee.settings.input, TCSADRAIN, &original)
}

/// Sets the terminal up again after a stop, unless the session is being restored meanwhile.
/// Returns whether it did.
///
/// In the background (after `bg`), `tcsetattr` makes the kernel stop the process with SIGTTOU,
/// as it does for any program that touches the terminal from there; the `fg` that continues it
/// lets the call finish. (bash sends no SIGCONT to a job that is already running, so waiting
/// for one in the background would leave the app without its terminal after `fg`.)
private func reacquireTerminalFromHandler() -> Bool {
  // `restore()` enters `.restoring` and then waits for this handler, so checking here is
  // enough: if it started after this check, it puts the terminal back after this set-up.
  guard signalGuardRecord.pointee.phase.load() == SignalGuardPhase.armed.rawValue else { return false }
  var raw = signalGuardRecord.pointee.settings.raw
  _ = tcsetattr(signalGuardRecord.pointee.settings.input, TCSAFLUSH, &raw)
  let setup = UnsafeBufferPointer(
    start: signalGuardRecord.pointee.setupBuffer, count: signalGuardRecord.pointee.settings.setupLength)
  TerminalDevice.writeAll(signalGuardRecord.pointee.settings.output, setup)
  signalGuardRecord.pointee.isReleased.store(0)
  return true
}

/// Wakes the input thread to report ``TerminalEvent/resume(_:)``.
private func notifyContinued() {
  let notifier = signalGuardRecord.pointee.settings.resizeNotifier
  guard notifier >= 0 else { return }
  var byte = InputReader.continuedByte
  _ = write(notifier, &byte, 1)
}

/// SIGTSTP (Ctrl-Z in a shell, `kill -TSTP`, or ``TerminalSession/suspend()``): put the terminal
/// back, stop with the default action, and on continue set the terminal up again.
func stopSignalHandler(_ signal: Int32) {
  runHandler { phase in
    switch phase {
    case .disarmed:
      // The previous action is back in place: this signal is delivered to it once we return.
      _ = raise(signal)
    case .restoring:
      // The session is putting the terminal back and may not be done: finish it (the same
      // bytes and settings again) so the shell gets its terminal, then stop as before the session.
      restoreTerminalFromHandler()
      reinstallPreviousAction(for: signal)
      _ = raise(signal)
    case .armed:
      signalGuardRecord.pointee.isStopping.store(1)
      releaseTerminalFromHandler()
      if let stopOverride = signalGuardRecord.pointee.settings.stopOverride {
        stopOverride()
      } else {
        // Stop now: the default action, unblocked inside this handler. Execution resumes here
        // on SIGCONT; the mask in force before the handler comes back when it returns.
        setSignalDisposition(SIGTSTP, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGTSTP)
        _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        _ = raise(SIGTSTP)
        SignalGuard.install(stopSignalHandler, for: SIGTSTP, restartingCalls: true)
      }
      let reacquired = reacquireTerminalFromHandler()
      // Cleared before the wake-up, so whoever sees the resume sees this handler done with the
      // flag (a SIGCONT in between sets the terminal up once more: harmless).
      signalGuardRecord.pointee.isStopping.store(0)
      if reacquired { notifyContinued() }
    }
  }
}

/// SIGCONT: after a stop that did not go through our SIGTSTP handler (`kill -STOP`, or SIGTTOU
/// in the background), the shell may have changed the terminal: set it up again. Inside the
/// SIGTSTP handler's stop, that handler does it once it resumes.
func continueSignalHandler(_ signal: Int32) {
  runHandler { phase in
    guard phase == .armed, signalGuardRecord.pointee.isStopping.load() == 0 else { return }
    if reacquireTerminalFromHandler() { notifyContinued() }
  }
}

/// Hands `signal` to whoever handled it before us (or the default action). Reads the settings:
/// call only while armed or restoring.
private func reinstallPreviousAction(for signal: Int32) {
  let actions = signalGuardRecord.pointee.previousActions
  for index in 0..<signalGuardRecord.pointee.previousActionCount where actions[index].signal == signal {
    var previous = actions[index].action
    _ = sigaction(signal, &previous, nil)
    return
  }
  setSignalDisposition(signal, SIG_DFL)
}

/// Fatal signals (a crash): restore the terminal, then let the previous handler (the Swift
/// runtime's backtracer, or the default action) report the crash.
func fatalSignalHandler(_ signal: Int32) {
  runHandler { phase in
    if phase != .disarmed {
      restoreTerminalFromHandler()
      reinstallPreviousAction(for: signal)
    }
    // Blocked while this handler runs; delivered to the previous handler as soon as it returns.
    _ = raise(signal)
  }
}

/// Terminating signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT): restore the terminal and exit with
/// 128 + the signal, as a shell reports a process killed by it. `_exit`, not `exit`: the app's
/// threads keep running until the process ends and must not race atexit work.
func terminatingSignalHandler(_ signal: Int32) {
  runHandler { phase in
    guard phase != .disarmed else {
      // The previous action is back in place: this signal is delivered to it once we return.
      _ = raise(signal)
      return
    }
    restoreTerminalFromHandler()
    _exit(128 + signal)
  }
}

/// SIGWINCH: wake the input thread through the resize pipe; it reads the new size.
func resizeSignalHandler(_ signal: Int32) {
  runHandler { phase in
    guard phase == .armed else { return }
    let descriptor = signalGuardRecord.pointee.settings.resizeNotifier
    guard descriptor >= 0 else { return }
    var byte = InputReader.resizedByte
    // The pipe is non-blocking: when it is full, a wake-up is already pending.
    _ = write(descriptor, &byte, 1)
  }
}

/// Signal handling while a session is active: the terminal is restored when the process is
/// interrupted, terminated or crashes, or calls `exit`; resizes are reported through a pipe.
///
/// Plain `sigaction` handlers rather than dispatch sources: a handler runs whichever thread the
/// kernel picks, while a dispatch source can miss a signal that another thread received first.
/// What the handlers share with ordinary code, and why that is safe, is described at
/// ``SignalGuardRecord``.
enum SignalGuard {
  /// The signals that mean the process is dying from a bug.
  static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
  /// The signals that ask the process to end.
  static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// The job-control signals: stop (Ctrl-Z) and continue (`fg`).
  static let jobControlSignals: [Int32] = [SIGTSTP, SIGCONT]
  /// Every signal the guard handles.
  static let handledSignals: [Int32] = fatalSignals + terminatingSignals + [SIGWINCH] + jobControlSignals

  /// At most this many bytes of setup sequences are written again on continue.
  static let setupCapacity = 256

  /// Whether the session must write nothing: the terminal is released for a stop (or the process
  /// runs in the background after one), or a handler put it back for good.
  static var isTerminalReleased: Bool {
    signalGuardRecord.pointee.isReleased.load() != 0
      || signalGuardRecord.pointee.phase.load() != SignalGuardPhase.armed.rawValue
  }

  /// The phase, for tests.
  static var phase: SignalGuardPhase { SignalGuardPhase(rawValue: signalGuardRecord.pointee.phase.load()) ?? .disarmed }

  /// Replaces the actual stop in the SIGTSTP handler (tests: a stop would stop the test runner).
  /// Call it only while no session is active: it writes a setting.
  static func overrideStop(_ stop: (@convention(c) () -> Void)?) {
    signalGuardRecord.pointee.settings.stopOverride = stop
  }

  private static let exitHandlerInstalled = LockedValue(false)

  /// Saves what the handlers need and installs them. Call with the session lock held, while the
  /// guard is disarmed.
  ///
  /// - Parameters:
  ///   - raw: the session's settings, applied again when the process continues after a stop.
  ///   - setup: the session's setup sequences, written again then (at most ``setupCapacity``
  ///     bytes are kept).
  ///   - resizeNotifier: a non-blocking pipe's write end, written to on SIGWINCH and continue.
  static func arm(original: termios, raw: termios, setup: String, device: TerminalDevice, resizeNotifier: Int32) {
    let record = signalGuardRecord
    precondition(record.pointee.phase.load() == SignalGuardPhase.disarmed.rawValue, "signal guard armed twice")
    exitHandlerInstalled.withLock { installed in
      guard !installed else { return }
      installed = true
      atexit { runHandler { _ in restoreTerminalFromHandler() } }
    }
    // Everything is written before the first handler is installed and before `.armed` is
    // published; see SignalGuardRecord for why no handler reads it meanwhile.
    for (index, signal) in handledSignals.enumerated() {
      var previous = sigaction()
      _ = sigaction(signal, nil, &previous)
      record.pointee.previousActions[index] = PreviousSignalAction(signal: signal, action: previous)
    }
    let setupBytes = Array(setup.utf8.prefix(setupCapacity))
    setupBytes.withUnsafeBufferPointer { bytes in
      if let base = bytes.baseAddress { record.pointee.setupBuffer.update(from: base, count: bytes.count) }
    }
    record.pointee.settings.original = original
    record.pointee.settings.raw = raw
    record.pointee.settings.setupLength = setupBytes.count
    record.pointee.settings.input = device.input
    record.pointee.settings.output = device.output
    record.pointee.settings.resizeNotifier = resizeNotifier
    record.pointee.isStopping.store(0)
    record.pointee.isReleased.store(0)
    record.pointee.phase.store(SignalGuardPhase.armed.rawValue)
    for signal in fatalSignals { install(fatalSignalHandler, for: signal) }
    for signal in terminatingSignals { install(terminatingSignalHandler, for: signal) }
    install(resizeSignalHandler, for: SIGWINCH, restartingCalls: true)
    install(stopSignalHandler, for: SIGTSTP, restartingCalls: true)
    install(continueSignalHandler, for: SIGCONT, restartingCalls: true)
  }

  /// Tells the handlers the session is putting the terminal back, and returns once no handler
  /// can set it up again (one already running, say after a stop, has finished).
  static func beginRestore() {
    _ = signalGuardRecord.pointee.phase.compareExchange(
      expected: SignalGuardPhase.armed.rawValue, desired: SignalGuardPhase.restoring.rawValue)
    waitForHandlers()
  }

  /// Puts the previous handlers back (after the session restored the terminal itself) and
  /// returns once no handler of ours runs on this session's settings any more.
  static func disarm() {
    beginRestore()
    for signal in handledSignals { reinstallPreviousAction(for: signal) }
    signalGuardRecord.pointee.isReleased.store(0)
    signalGuardRecord.pointee.phase.store(SignalGuardPhase.disarmed.rawValue)
    waitForHandlers()
  }

  /// Waits until `handlersInFlight` is 0. Handlers never wait, so this ends: one that runs
  /// on this thread (interrupting this loop) finishes before the loop goes on.
  private static func waitForHandlers() {
    while signalGuardRecord.pointee.handlersInFlight.load() != 0 {
      sched_yield()
    }
  }

  static func install(
    _ handler: @convention(c) (Int32) -> Void, for signal: Int32, restartingCalls: Bool = false
  ) {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    // A resize must not make the app's blocking calls fail with EINTR.
    action.sa_flags = restartingCalls ? Int32(SA_RESTART) : 0
    _ = sigaction(signal, &action, nil)
  }
}
