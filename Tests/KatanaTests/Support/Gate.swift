import Katana
import KatanaSupport

/// A one-shot barrier the test opens when it decides, so ordering is proven without clocks.
///
/// Side effects and state initializers `await gate.wait()`; the test calls ``open()``. Waiting on
/// an open gate returns at once. ``arrivals`` counts how many waits have started, so a test can
/// know that a side effect is parked in its body.
final class Gate: Sendable {
  private struct Phase: Sendable {
    var isOpen = false
    var arrivals = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let phase = Locked(Phase())

  init() {}

  /// Suspends until the gate is open.
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let openAlready = phase.withLock { phase -> Bool in
        phase.arrivals += 1
        if phase.isOpen { return true }
        phase.waiters.append(continuation)
        return false
      }
      if openAlready { continuation.resume() }
    }
  }

  /// Opens the gate and lets every waiter (present and future) through.
  func open() {
    let waiters = phase.withLock { phase -> [CheckedContinuation<Void, Never>] in
      phase.isOpen = true
      defer { phase.waiters = [] }
      return phase.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// How many calls to ``wait()`` have started.
  var arrivals: Int { phase.withLock { $0.arrivals } }

  var isOpen: Bool { phase.withLock { $0.isOpen } }
}
