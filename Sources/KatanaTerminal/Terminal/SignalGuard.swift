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
  var input: Int32 = STDIN_FILENO
  var output: Int32 = STDOUT_FILENO
  /// The write end of the session's resize pipe; -1 when none.
  var resizeNotifier: Int32 = -1
  var isArmed = false
  /// The actions that were installed before ours, in ``SignalGuard/handledSignals`` order.
  var previousActions: [sigaction] = []
}

/// The record shared with the signal handlers, which can take no context.
///
/// `nonisolated(unsafe)` is safe here: the pointer itself never changes; the record is written
/// only by `SignalGuard.arm` and `SignalGuard.disarm`, which `TerminalSession` calls while holding
/// its single-session lock, so writes never overlap. `arm` fills the record before installing any
/// handler and sets `isArmed` last; `disarm` clears `isArmed` first and puts the previous handlers
/// back before anything else changes. Handlers only read it, so one that interrupts `arm` or
/// `disarm` at worst sees `isArmed` false and does nothing; it never acts on half-written data.
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
  /// Every signal the guard handles, in the order of ``SignalGuardRecord/previousActions``.
  static let handledSignals: [Int32] = fatalSignals + terminatingSignals + [SIGWINCH]

  private static let exitHandlerInstalled = LockedValue(false)

  /// Saves what the handlers need and installs them. Call with the session lock held.
  ///
  /// - Parameter resizeNotifier: a non-blocking pipe's write end, written to on SIGWINCH.
  static func arm(original: termios, device: TerminalDevice, resizeNotifier: Int32) {
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
    signalGuardRecord.pointee.input = device.input
    signalGuardRecord.pointee.output = device.output
    signalGuardRecord.pointee.resizeNotifier = resizeNotifier
    signalGuardRecord.pointee.previousActions = previousActions
    signalGuardRecord.pointee.isArmed = true
    for signal in fatalSignals { install(fatalSignalHandler, for: signal) }
    for signal in terminatingSignals { install(terminatingSignalHandler, for: signal) }
    install(resizeSignalHandler, for: SIGWINCH, restartingCalls: true)
  }

  /// Puts the previous handlers back (after the session restored the terminal itself).
  static func disarm() {
    signalGuardRecord.pointee.isArmed = false
    for signal in handledSignals { reinstallPreviousAction(for: signal) }
    signalGuardRecord.pointee.resizeNotifier = -1
  }

  private static func install(
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
