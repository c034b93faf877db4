import Katana

/// An item a ``TestStore`` dispatched for the test.
///
/// Await ``value`` for a returning side effect's result, or to wait until a side effect's body
/// returns. Looking at the value also tells the test store that the test handles the item's
/// failure itself, so ``TestStore/finish(timeout:fileID:filePath:line:column:)`` does not report
/// it.
public struct TestStoreTask<Value: Sendable>: Sendable {
  /// Waits for the item's outcome, without counting as the test looking at it.
  let outcome: @Sendable () async -> Result<Value, any Error>
  /// Tells the test store that the test looks at the outcome.
  let markObserved: @Sendable () -> Void
  /// Dispatches the same item again as a new dispatch of the test; `nil` when it cannot be
  /// dispatched again.
  let redispatch: (@Sendable () -> TestStoreTask<Value>)?
  /// The test store's running retry loops, which `finish` waits for.
  let retryLoops: RetryLoops?

  /// A handle on one dispatch of the test.
  init(
    task: DispatchTask<Value>, markObserved: @escaping @Sendable () -> Void,
    redispatch: (@Sendable () -> TestStoreTask<Value>)?, retryLoops: RetryLoops?
  ) {
    outcome = {
      do { return .success(try await task.value) } catch { return .failure(error) }
    }
    self.markObserved = markObserved
    self.redispatch = redispatch
    self.retryLoops = retryLoops
  }

  private init(
    outcome: @escaping @Sendable () async -> Result<Value, any Error>, markObserved: @escaping @Sendable () -> Void,
    redispatch: (@Sendable () -> TestStoreTask<Value>)?, retryLoops: RetryLoops?
  ) {
    self.outcome = outcome
    self.markObserved = markObserved
    self.redispatch = redispatch
    self.retryLoops = retryLoops
  }

  /// A handle that has already failed with `error`, and never runs again.
  static func failed(_ error: any Error) -> TestStoreTask<Value> {
    TestStoreTask(outcome: { .failure(error) }, markObserved: {}, redispatch: nil, retryLoops: nil)
  }

  /// The item's result: `()` for updaters and side effects, the returned value for returning side
  /// effects.
  ///
  /// - Throws: what the item threw, unchanged.
  public var value: Value {
    get async throws {
      markObserved()
      return try await outcome().get()
    }
  }

  /// Dispatches the same item again after each failure, until it succeeds or has run `attempts`
  /// times in all, exactly as `DispatchTask.retry(_:)` does on a `Store`.
  ///
  /// The first run, the one this handle stands for, counts as one attempt, so `retry(1)` or less
  /// never runs the item again. Each new attempt is a new dispatch of the test (it goes through
  /// the whole interceptor chain and is never mistaken for a received item), and starts at once,
  /// whether or not anyone awaits the returned handle.
  ///
  /// The failures of attempts that were retried count as handled. The last attempt's failure is
  /// reported by ``TestStore/finish(timeout:fileID:filePath:line:column:)`` unless the test
  /// awaits the returned handle's ``value``; `finish` also waits for the retries to be over.
  ///
  /// ```swift
  /// try await store.dispatch(Save()).retry(3).value
  /// ```
  ///
  /// The state change of a retried updater is not asserted; assert the state afterwards with
  /// ``TestStore/assert(_:isolation:fileID:filePath:line:column:)``.
  ///
  /// - Parameter attempts: the most runs in all, the first included.
  /// - Returns: a handle whose value is the first success, or the last error.
  public func retry(_ attempts: Int) -> TestStoreTask<Value> {
    guard attempts > 1, let redispatch, let retryLoops else { return self }
    let observation = LockedValue(RetryObservation())
    retryLoops.begin()
    let first = self
    let loop = Task { () -> Result<Value, any Error> in
      defer { retryLoops.end() }
      var attempt = first
      var result = await attempt.outcome()
      var runs = 1
      while case .failure = result, runs < attempts {
        // The loop handles this failure by running the item again.
        attempt.markObserved()
        attempt = redispatch()
        result = await attempt.outcome()
        runs += 1
      }
      let last = attempt
      let isObserved = observation.withLock { observation in
        observation.markLast = last.markObserved
        return observation.isObserved
      }
      if isObserved { last.markObserved() }
      return result
    }
    return TestStoreTask(
      outcome: { await loop.value },
      markObserved: {
        let markLast = observation.withLock { observation in
          observation.isObserved = true
          return observation.markLast
        }
        markLast?()
      },
      redispatch: redispatch, retryLoops: retryLoops)
  }
}

/// Whether the test looked at a retried handle's value, and how to tell the last attempt so.
private struct RetryObservation {
  var isObserved = false
  var markLast: (@Sendable () -> Void)?
}
