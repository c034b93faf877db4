import Katana
import KatanaSupport

/// Counts the ``TestStoreTask/retry(_:)`` loops still deciding whether to dispatch again, so that
/// `finish` waits for them: between one failed attempt and the next, nothing is running in the
/// store, yet the test is not done.
final class RetryLoops: Sendable {
  /// How many loops are active.
  private let active = WaitableValue(0)

  init() {}

  /// A loop starts; call ``end()`` once it has dispatched its last attempt and seen its outcome.
  func begin() {
    active.withLock { $0 += 1 }
  }

  /// A loop is over; wakes whoever waits for every loop to end.
  func end() {
    active.withLock { $0 -= 1 }
  }

  var isIdle: Bool { active.value == 0 }

  /// Suspends until no loop is active, or until `deadline`.
  ///
  /// - Returns: `false` if the deadline passed first.
  func waitUntilIdle(until deadline: ContinuousClock.Instant) async -> Bool {
    await active.wait(until: deadline) { $0 == 0 }
  }
}
