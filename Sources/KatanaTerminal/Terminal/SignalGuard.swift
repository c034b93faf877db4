import KatanaSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the signal handlers need: the settings to put back, and where to report resizes.
struct SignalGuardRecord {
  var original = termios()
  /// The session's raw-mode settings, put back when the process continues after a stop.
  var raw = termios()
  /// The session's setup sequences (screen, cursor, mouse, paste), written again on continue;
  /// `setupLength` bytes of ``SignalGuard/setupBuffer``.
  var setupLength = 0
  var input: Int32 = STDIN_FILENO
  var output: Int32 = STDOUT_FILENO
  /// The write end of the session's resize pipe; -1 when none.
  var resizeNotifier: Int32 = -1
  var isArmed = false
  /// True while the SIGTSTP handler runs (it restores, stops, and sets the terminal up again).
  var isStopping = false
  /// True from a stop until the terminal is set up again: while the process runs in the
  /// background after `bg`, or between the stop and the continue.
  var isReleased = false
  /// Tests replace the actual stop (which would stop the test runner) with this; nil stops.
  var stopOverride: (@convention(c) () -> Void)?
  /// The actions that were installed before ours, in ``SignalGuard/handledSignals`` order.
  var previousActions: [sigaction] = []
}

/// The record shared with the signal handlers, which can take no context.
///
/// `nonisolated(unsafe)` is safe here: the pointer itself never changes; the record is written
/// only by `SignalGuard.arm` and `SignalGuard.disarm`, which `TerminalSession` calls while holding
/// its single-session lock, so writes never overlap. `arm` fills the record before installing any
/// handler and sets `isArmed` last; `disarm` clears `isArmed` first and puts the previous handlers
/// back before anything else changes. Handlers read it, so one that interrupts `arm` or `disarm`
/// at worst sees `isArmed` false and does nothing; it never acts on half-written data. The
/// job-control handlers also write two flags: `isStopping`, read only by the SIGCONT handler
/// (SIGTSTP and SIGCONT handlers never run at once for the same stop: SIGCONT reaches us only
/// after the stop ended, and then the SIGTSTP handler is past its stop or still inside it, as
/// the flag says), and `isReleased`, which `TerminalSession.write` also reads: a stale value
/// there costs at most one frame written or dropped around a stop, and the resume that follows
/// redraws every cell.
nonisolated(unsafe) private let signalGuardRecord: UnsafeMutablePointer<SignalGuardRecord> = {
  let record = UnsafeMutablePointer<SignalGuardRecord>.allocate(capacity: 1)
  record.initialize(to: SignalGuardRecord())
  return record
}()

/// Puts the terminal back from a signal handler or `atexit`: only async-signal-safe calls
/// (`write`, `tcsetattr`), no allocation.
private func restoreTerminalFromHandler() {
  guard signalGuardRecord.pointee.isArmed else { return }
  signalGuardRecord.pointee.isArmed = false
  EscapeSequence.restoreAll.withUTF8Buffer { buffer in
    TerminalDevice.writeAll(signalGuardRecord.pointee.output, buffer)
  }
  var original = signalGuardRecord.pointee.original
  _ = tcsetattr(signalGuardRecord.pointee.input, TCSAFLUSH, &original)
}

/// Puts the terminal back for a stop, keeping the guard armed: only async-signal-safe calls.
private func releaseTerminalFromHandler() {
  signalGuardRecord.pointee.isReleased = true
  EscapeSequence.restoreAll.withUTF8Buffer { buffer in
    TerminalDevice.writeAll(signalGuardRecord.pointee.output, buffer)
  }
  var original = signalGuardRecord.pointee.original
  _ = tcsetattr(signalGuardRecord.pointee.input, TCSADRAIN, &original)
}

/// Sets the terminal up again after a stop and wakes the input thread to report
/// ``TerminalEvent/resume(_:)``.
///
/// In the background (after `bg`), `tcsetattr` makes the kernel stop the process with SIGTTOU,
/// as it does for any program that touches the terminal from there; the `fg` that continues it
/// lets the call finish. (bash sends no SIGCONT to a job that is already running, so waiting
/// for one in the background would leave the app without its terminal after `fg`.)
private func reacquireTerminalFromHandler() {
  // Fields are read one by one: copying the whole record would retain its array.
  let input = signalGuardRecord.pointee.input
  guard signalGuardRecord.pointee.isArmed else { return }
  var raw = signalGuardRecord.pointee.raw
  _ = tcsetattr(input, TCSAFLUSH, &raw)
  let setup = UnsafeBufferPointer(start: SignalGuard.setupBuffer, count: signalGuardRecord.pointee.setupLength)
  TerminalDevice.writeAll(signalGuardRecord.pointee.output, setup)
  signalGuardRecord.pointee.isReleased = false
  let notifier = signalGuardRecord.pointee.resizeNotifier
  if notifier >= 0 {
    var byte = InputReader.continuedByte
    _ = write(notifier, &byte, 1)
  }
}

/// SIGTSTP (Ctrl-Z in a shell, `kill -TSTP`, or ``TerminalSession/suspend()``): restore the
/// terminal, stop with the default action, and on continue set the terminal up again.
private func stopSignalHandler(_ signal: Int32) {
  guard signalGuardRecord.pointee.isArmed else {
    reinstallPreviousAction(for: signal)
    _ = raise(signal)
    return
  }
  signalGuardRecord.pointee.isStopping = true
  releaseTerminalFromHandler()
  if let stopOverride = signalGuardRecord.pointee.stopOverride {
    stopOverride()
  } else {
    // Stop now: the default action, unblocked inside this handler. Execution resumes here on
    // SIGCONT; the mask in force before the handler comes back when it returns.
    setSignalDisposition(SIGTSTP, SIG_DFL)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, SIGTSTP)
    _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    _ = raise(SIGTSTP)
    SignalGuard.install(stopSignalHandler, for: SIGTSTP, restartingCalls: true)
  }
  reacquireTerminalFromHandler()
  signalGuardRecord.pointee.isStopping = false
}

/// SIGCONT: after a stop that did not go through our SIGTSTP handler (`kill -STOP`, or SIGTTOU
/// in the background), the shell may have changed the terminal: set it up again. Inside the
/// SIGTSTP handler's stop, that handler does it once it resumes.
private func continueSignalHandler(_ signal: Int32) {
  guard signalGuardRecord.pointee.isArmed, !signalGuardRecord.pointee.isStopping else { return }
  reacquireTerminalFromHandler()
}

/// Hands `signal` to whoever handled it before us (or the default action).
private func reinstallPreviousAction(for signal: Int32) {
  if let index = SignalGuard.handledSignals.firstIndex(of: signal),
    index < signalGuardRecord.pointee.previousActions.count
  {
    var previous = signalGuardRecord.pointee.previousActions[index]
    _ = sigaction(signal, &previous, nil)
  } else {
    setSignalDisposition(signal, SIG_DFL)
  }
}

/// Fatal signals (a crash): restore the terminal, then let the previous handler (the Swift
/// runtime's backtracer, or the default action) report the crash.
private func fatalSignalHandler(_ signal: Int32) {
  restoreTerminalFromHandler()
  reinstallPreviousAction(for: signal)
  // Blocked while this handler runs; delivered to the previous handler as soon as it returns.
  _ = raise(signal)
}

/// Terminating signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT): restore the terminal and exit with
/// 128 + the signal, as a shell reports a process killed by it. `_exit`, not `exit`: the app's
/// threads keep running until the process ends and must not race atexit work.
private func terminatingSignalHandler(_ signal: Int32) {
  guard signalGuardRecord.pointee.isArmed else {
    reinstallPreviousAction(for: signal)
    _ = raise(signal)
    return
  }
  restoreTerminalFromHandler()
  _exit(128 + signal)
}

/// SIGWINCH: wake the input thread through the resize pipe; it reads the new size.
private func resizeSignalHandler(_ signal: Int32) {
  let descriptor = signalGuardRecord.pointee.resizeNotifier
  guard signalGuardRecord.pointee.isArmed, descriptor >= 0 else { return }
  var byte: UInt8 = 1
  // The pipe is non-blocking: when it is full, a wake-up is already pending.
  _ = write(descriptor, &byte, 1)
}

/// Signal handling while a session is active: the terminal is restored when the process is
/// interrupted, terminated or crashes, or calls `exit`; resizes are reported through a pipe.
///
/// Plain `sigaction` handlers rather than dispatch sources: a handler runs whichever thread the
/// kernel picks, while a dispatch source can miss a signal that another thread received first.
enum SignalGuard {
  /// The signals that mean the process is dying from a bug.
  static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
  /// The signals that ask the process to end.
  static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// The job-control signals: stop (Ctrl-Z) and continue (`fg`).
  static let jobControlSignals: [Int32] = [SIGTSTP, SIGCONT]
  /// Every signal the guard handles, in the order of ``SignalGuardRecord/previousActions``.
  static let handledSignals: [Int32] = fatalSignals + terminatingSignals + [SIGWINCH] + jobControlSignals

  /// The setup sequences written on continue; allocated once and never freed, so a handler can
  /// always read it. Written only by ``arm(original:raw:setup:device:resizeNotifier:)`` before
  /// the guard is armed.
  nonisolated(unsafe) static let setupBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: setupCapacity)
  static let setupCapacity = 256

  /// Whether the terminal is released for a stop (or the process runs in the background after
  /// one): the session then writes nothing, so a frame cannot land on the shell's screen.
  static var isTerminalReleased: Bool { signalGuardRecord.pointee.isReleased }

  /// Replaces the actual stop in the SIGTSTP handler (tests: a stop would stop the test runner).
  /// Set it only while no session is active.
  static func overrideStop(_ stop: (@convention(c) () -> Void)?) {
    signalGuardRecord.pointee.stopOverride = stop
  }

  private static let exitHandlerInstalled = LockedValue(false)

  /// Saves what the handlers need and installs them. Call with the session lock held.
  ///
  /// - Parameters:
  ///   - raw: the session's settings, applied again when the process continues after a stop.
  ///   - setup: the session's setup sequences, written again then (at most ``setupCapacity``
  ///     bytes are kept).
  ///   - resizeNotifier: a non-blocking pipe's write end, written to on SIGWINCH and continue.
  static func arm(original: termios, raw: termios, setup: String, device: TerminalDevice, resizeNotifier: Int32) {
    exitHandlerInstalled.withLock { installed in
      guard !installed else { return }
      installed = true
      atexit { restoreTerminalFromHandler() }
    }
    // Record everything before the first handler is installed, so a handler never sees it change.
    var previousActions: [sigaction] = []
    for signal in handledSignals {
      var previous = sigaction()
      _ = sigaction(signal, nil, &previous)
      previousActions.append(previous)
    }
    signalGuardRecord.pointee.original = original
    signalGuardRecord.pointee.raw = raw
    let setupBytes = Array(setup.utf8.prefix(setupCapacity))
    setupBytes.withUnsafeBufferPointer { bytes in
      if let base = bytes.baseAddress { setupBuffer.update(from: base, count: bytes.count) }
    }
    signalGuardRecord.pointee.setupLength = setupBytes.count
    signalGuardRecord.pointee.isStopping = false
    signalGuardRecord.pointee.isReleased = false
    signalGuardRecord.pointee.input = device.input
    signalGuardRecord.pointee.output = device.output
    signalGuardRecord.pointee.resizeNotifier = resizeNotifier
    signalGuardRecord.pointee.previousActions = previousActions
    signalGuardRecord.pointee.isArmed = true
    for signal in fatalSignals { install(fatalSignalHandler, for: signal) }
    for signal in terminatingSignals { install(terminatingSignalHandler, for: signal) }
    install(resizeSignalHandler, for: SIGWINCH, restartingCalls: true)
    install(stopSignalHandler, for: SIGTSTP, restartingCalls: true)
    install(continueSignalHandler, for: SIGCONT, restartingCalls: true)
  }

  /// Puts the previous handlers back (after the session restored the terminal itself).
  static func disarm() {
    signalGuardRecord.pointee.isArmed = false
    signalGuardRecord.pointee.isReleased = false
    for signal in handledSignals { reinstallPreviousAction(for: signal) }
    signalGuardRecord.pointee.resizeNotifier = -1
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
