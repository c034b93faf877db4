/// A value behind a lock, and tasks waiting for a condition on it, each until a deadline.
///
/// The one "wait for a condition with a deadline" of the package's test tools (the manual clock,
/// the test store's recorder and retry loops, the test targets' `Watched`). Waiting is
/// event-driven: a waiter's condition is checked when the wait starts and after each change made
/// through ``withLock(_:)``, never in a polling loop; a timer ends the wait at the deadline.
package final class WaitableValue<Value: Sendable>: Sendable {
  private struct Waiter: Sendable {
    let condition: @Sendable (Value) -> Bool
    let continuation: CheckedContinuation<Bool, Never>
  }

  private struct Storage: Sendable {
    var value: Value
    var nextWaiterID = 0
    var waiters: [Int: Waiter] = [:]
  }

  private let storage: LockedValue<Storage>

  /// Holds `value`, with no one waiting.
  package init(_ value: Value) {
    storage = LockedValue(Storage(value: value))
  }

  /// The value now.
  package var value: Value { storage.withLock { $0.value } }

  /// Reads or changes the value under the lock, then resumes the waiters whose condition now
  /// holds (after the lock is released).
  ///
  /// Must not be called from inside `body` or a waiter's condition.
  @discardableResult
  package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    let (result, satisfied) = storage.withLock { storage -> (Result, [Waiter]) in
      let result = body(&storage.value)
      guard !storage.waiters.isEmpty else { return (result, []) }
      let value = storage.value
      let satisfied = storage.waiters.filter { $0.value.condition(value) }
      for id in satisfied.keys { storage.waiters[id] = nil }
      return (result, Array(satisfied.values))
    }
    for waiter in satisfied { waiter.continuation.resume(returning: true) }
    return result
  }

  /// Suspends until `condition` holds for the value, or until `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: when to give up (on the continuous clock).
  ///   - condition: checked under the lock, now and after each change; keep it cheap.
  /// - Returns: whether the condition came to hold; `false` if the deadline passed first.
  package func wait(
    until deadline: ContinuousClock.Instant, for condition: @escaping @Sendable (Value) -> Bool
  ) async -> Bool {
    let id = storage.withLock { storage in
      defer { storage.nextWaiterID += 1 }
      return storage.nextWaiterID
    }
    // Resumes the waiter at the deadline if nothing did by then; cancelled as soon as the wait
    // is over, so it never outlives the wait by more than a scheduling turn.
    let timer = Task { [storage] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      storage.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let outcome = storage.withLock { storage -> Bool? in
        if condition(storage.value) { return true }
        // The timer may have fired already: then nobody would resume a waiter parked now.
        guard ContinuousClock.now < deadline else { return false }
        storage.waiters[id] = Waiter(condition: condition, continuation: continuation)
        return nil
      }
      if let outcome { continuation.resume(returning: outcome) }
    }
  }
}
