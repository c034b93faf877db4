import Katana
import KatanaSupport
package import Testing

/// How long a test waits for something that should happen almost at once before it fails.
///
/// Only a failing test waits this long, so it is generous: under ThreadSanitizer on a loaded
/// 2-core machine a main-actor hop queued behind other suites' main-actor work took over 10 s.
package let patience: Duration = .seconds(30)

/// A value behind a lock whose every change wakes the tasks waiting for a condition on it.
///
/// Waiting is event-driven: the condition is checked when the wait starts and after each
/// ``update(_:)``, never in a loop. A timer ends the wait after ``patience`` so that a broken
/// implementation fails the test instead of hanging it.
package final class Watched<Value: Sendable>: Sendable {
  private struct Storage {
    var value: Value
    var nextWaiterID = 0
    var waiters: [Int: Waiter] = [:]
  }

  private struct Waiter {
    let condition: @Sendable (Value) -> Bool
    let continuation: CheckedContinuation<Bool, Never>
  }

  private let storage: Locked<Storage>

  package init(_ value: Value) {
    storage = Locked(Storage(value: value))
  }

  package var value: Value { storage.withLock { $0.value } }

  /// Changes the value and resumes the waiters whose condition now holds.
  @discardableResult
  package func update<Result>(_ body: (inout Value) -> Result) -> Result {
    let (result, satisfied) = storage.withLock { storage -> (Result, [Waiter]) in
      let result = body(&storage.value)
      let value = storage.value
      let satisfied = storage.waiters.filter { $0.value.condition(value) }
      for id in satisfied.keys { storage.waiters[id] = nil }
      return (result, Array(satisfied.values))
    }
    for waiter in satisfied { waiter.continuation.resume(returning: true) }
    return result
  }

  /// Suspends until `condition` holds; records an issue naming `what` if it does not within
  /// ``patience``.
  ///
  /// - Returns: whether the condition came to hold.
  @discardableResult
  package func wait(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: @escaping @Sendable (Value) -> Bool
  ) async -> Bool {
    let id = storage.withLock { storage in
      defer { storage.nextWaiterID += 1 }
      return storage.nextWaiterID
    }
    let timer = Task { [storage] in
      try? await Task.sleep(for: patience)
      storage.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
    }
    defer { timer.cancel() }
    let satisfied = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let holds = storage.withLock { storage -> Bool in
        if condition(storage.value) { return true }
        storage.waiters[id] = Waiter(condition: condition, continuation: continuation)
        return false
      }
      if holds { continuation.resume(returning: true) }
    }
    if !satisfied { Issue.record("Timed out waiting until \(what)", sourceLocation: sourceLocation) }
    return satisfied
  }
}
