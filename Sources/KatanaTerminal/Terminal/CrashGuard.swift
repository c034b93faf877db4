#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the crash and exit handlers need to put the terminal back.
struct CrashRestoreRecord {
  var original = termios()
  var input: Int32 = STDIN_FILENO
  var output: Int32 = STDOUT_FILENO
  var isArmed = false
  /// The handlers that were installed before ours, in ``CrashGuard/signals`` order.
  var previousActions: [sigaction] = []
}

/// The record shared with the signal handlers, which can take no context.
///
/// `nonisolated(unsafe)` is safe here: the pointer itself never changes; the record is written
/// only by `CrashGuard.arm` and `CrashGuard.disarm`, which `TerminalSession` calls while holding
/// its single-session lock, so writes never overlap. Handlers only read it. `arm` fills the record
/// before setting `isArmed` and `disarm` clears `isArmed` first, so a handler that interrupts them
/// at worst skips the restore; it never acts on half-written settings.
nonisolated(unsafe) private let crashRestoreRecord: UnsafeMutablePointer<CrashRestoreRecord> = {
  let record = UnsafeMutablePointer<CrashRestoreRecord>.allocate(capacity: 1)
  record.initialize(to: CrashRestoreRecord())
  return record
}()

/// Puts the terminal back from a signal handler or `atexit`: only async-signal-safe calls
/// (`write`, `tcsetattr`), no allocation.
private func restoreTerminalFromHandler() {
  guard crashRestoreRecord.pointee.isArmed else { return }
  crashRestoreRecord.pointee.isArmed = false
  EscapeSequence.restoreAll.withUTF8Buffer { buffer in
    TerminalDevice.writeAll(crashRestoreRecord.pointee.output, buffer)
  }
  var original = crashRestoreRecord.pointee.original
  _ = tcsetattr(crashRestoreRecord.pointee.input, TCSAFLUSH, &original)
}

/// Restores the terminal, then hands the signal to whoever handled it before (the Swift runtime's
/// backtracer, or the default action), so the crash is still reported.
private func crashSignalHandler(_ signal: Int32) {
  restoreTerminalFromHandler()
  if let index = CrashGuard.signals.firstIndex(of: signal), index < crashRestoreRecord.pointee.previousActions.count {
    var previous = crashRestoreRecord.pointee.previousActions[index]
    _ = sigaction(signal, &previous, nil)
  } else {
    _ = resetToDefaultAction(signal)
  }
  // Blocked while this handler runs; delivered to the previous handler as soon as it returns.
  _ = raise(signal)
}

private func resetToDefaultAction(_ signal: Int32) -> Int32 {
  var action = sigaction()
  sigemptyset(&action.sa_mask)
  #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = SIG_DFL
  #else
    action.__sigaction_handler.sa_handler = SIG_DFL
  #endif
  return sigaction(signal, &action, nil)
}

/// Restores the terminal when the process crashes (fatal signals) or calls `exit` while a
/// session is active. Clean interrupts (SIGINT, SIGTERM, …) are handled by the session itself.
enum CrashGuard {
  /// The signals that mean the process is dying from a bug.
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  private static let exitHandlerInstalled = Protected(false)

  /// Saves `original` for the handlers and installs them. Call with the session lock held.
  static func arm(original: termios, device: TerminalDevice) {
    exitHandlerInstalled.withLock { installed in
      guard !installed else { return }
      installed = true
      atexit { restoreTerminalFromHandler() }
    }
    // Record everything before the first handler is installed, so a handler never sees it change.
    var previousActions: [sigaction] = []
    for signal in signals {
      var previous = sigaction()
      _ = sigaction(signal, nil, &previous)
      previousActions.append(previous)
    }
    crashRestoreRecord.pointee.original = original
    crashRestoreRecord.pointee.input = device.input
    crashRestoreRecord.pointee.output = device.output
    crashRestoreRecord.pointee.previousActions = previousActions
    crashRestoreRecord.pointee.isArmed = true
    for signal in signals {
      var action = sigaction()
      sigemptyset(&action.sa_mask)
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = crashSignalHandler
      #else
        action.__sigaction_handler.sa_handler = crashSignalHandler
      #endif
      _ = sigaction(signal, &action, nil)
    }
  }

  /// Uninstalls the handlers (after the session restored the terminal itself).
  static func disarm() {
    crashRestoreRecord.pointee.isArmed = false
    for (index, signal) in signals.enumerated() where index < crashRestoreRecord.pointee.previousActions.count {
      var previous = crashRestoreRecord.pointee.previousActions[index]
      _ = sigaction(signal, &previous, nil)
    }
  }
}
