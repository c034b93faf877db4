import Katana
import KatanaSupport

/// Counts the ``TestStoreTask/retry(_:)`` loops still deciding whether to dispatch again, so that
/// `finish` waits for them: between one failed attempt and the next, nothing is running in the
/// store, yet the test is not done.
final class RetryLoops: Sendable {
  private struct Storage {
    var active = 0
    var nextWaiterID = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  }

  private let storage = LockedValue(Storage())

  init() {}

  /// A loop starts; call ``end()`` once it has dispatched its last attempt and seen its outcome.
  func begin() {
    storage.withLock { $0.active += 1 }
  }

  /// A loop is over; wakes whoever waits for every loop to end.
  func end() {
    let waiters = storage.withLock { storage -> [CheckedContinuation<Void, Never>] in
      storage.active -= 1
      guard storage.active == 0 else { return [] }
      defer { storage.waiters = [:] }
      return Array(storage.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  var isIdle: Bool { storage.withLock { $0.active == 0 } }

  /// Suspends until no loop is active, or until `deadline`.
  ///
  /// - Returns: `false` if the deadline passed first.
  func waitUntilIdle(until deadline: ContinuousClock.Instant) async -> Bool {
    let id = storage.withLock { storage in
      defer { storage.nextWaiterID += 1 }
      return storage.nextWaiterID
    }
    // Resumes the wait at the deadline if the last loop has not ended by then; cancelled as soon
    // as the wait is over.
    let timer = Task { [storage] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      storage.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
    defer { timer.cancel() }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let waiting = storage.withLock { storage -> Bool in
        guard storage.active > 0, ContinuousClock.now < deadline else { return false }
        storage.waiters[id] = continuation
        return true
      }
      if !waiting { continuation.resume() }
    }
    return isIdle
  }
}
