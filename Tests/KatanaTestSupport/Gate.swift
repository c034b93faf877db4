import Katana
import KatanaSupport
package import Testing

/// A one-shot barrier the test opens when it decides, so ordering is proven without clocks.
///
/// Side effects and state initializers `await gate.wait()`; the test calls ``open()``. Waiting on
/// an open gate returns at once. ``arrivals`` counts how many waits have started, so a test can
/// know that a side effect is parked in its body, and ``waitForArrivals(_:_:sourceLocation:)``
/// waits for that without polling.
package final class Gate: Sendable {
  private struct Phase: Sendable {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let phase = Locked(Phase())
  private let arrived = Watched(0)

  package init() {}

  /// Suspends until the gate is open.
  package func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let openAlready = phase.withLock { phase -> Bool in
        if phase.isOpen { return true }
        phase.waiters.append(continuation)
        return false
      }
      // Counted once the waiter is parked (or let through), so a test that saw the arrival
      // knows the waiter is really suspended here.
      arrived.update { $0 += 1 }
      if openAlready { continuation.resume() }
    }
  }

  /// Opens the gate and lets every waiter (present and future) through.
  package func open() {
    let waiters = phase.withLock { phase -> [CheckedContinuation<Void, Never>] in
      phase.isOpen = true
      defer { phase.waiters = [] }
      return phase.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// How many calls to ``wait()`` have started.
  package var arrivals: Int { arrived.value }

  package var isOpen: Bool { phase.withLock { $0.isOpen } }

  /// Suspends until `count` calls to ``wait()`` have arrived; records an issue naming `what` if
  /// that does not happen within ``patience``.
  @discardableResult
  package func waitForArrivals(
    _ count: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    await arrived.wait(what, sourceLocation: sourceLocation) { $0 >= count }
  }
}
