import Foundation

@testable import KatanaTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(CDispatch)
  // On Linux the C header's `timespec` is owned by Dispatch's C module once SwiftNIO is in the
  // build (through KatanaTestSupport); its members are only visible with that module imported.
  import CDispatch
#endif

/// Spins until `condition` holds, or gives up after 10 seconds so that a broken guard fails the
/// test instead of hanging it. Returns whether the condition held.
///
/// Async-signal-safe (`clock_gettime`, `sched_yield`, and whatever `condition` does), so the
/// tests' stand-ins for the stop, which run in a signal handler, use it too.
@discardableResult
func spin(until condition: () -> Bool) -> Bool {
  var start = timespec()
  clock_gettime(CLOCK_MONOTONIC, &start)
  while !condition() {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    if now.tv_sec - start.tv_sec > 10 { return false }
    sched_yield()
  }
  return true
}

/// Raises a signal on a thread of its own, with the signal unblocked there, so its handler runs
/// on that thread before `raise` returns (ThreadSanitizer, too, runs the handler of a signal a
/// thread sends itself at once, instead of deferring it). A test then knows where the handler
/// runs and can run other threads against it.
final class SignalThread: Sendable {
  private let finished = SignalAtomic(0)
  private let errnoAfterHandler = SignalAtomic(0)

  /// Starts the thread: it sets `errno` to `errnoBefore`, raises `signal`, and records `errno`
  /// once the handler returned.
  init(raising signal: Int32, errnoBefore: Int32 = 0) {
    let finished = finished
    let errnoAfterHandler = errnoAfterHandler
    let thread = Thread {
      var unblocked = sigset_t()
      sigemptyset(&unblocked)
      sigaddset(&unblocked, signal)
      _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
      errno = errnoBefore
      _ = raise(signal)
      errnoAfterHandler.store(Int(errno))
      finished.store(1)
    }
    thread.start()
  }

  /// Waits until the handler returned; `errno` as the thread saw it then, or nil after 10 s.
  func join() -> Int32? {
    spin { finished.load() == 1 } ? Int32(errnoAfterHandler.load()) : nil
  }
}
