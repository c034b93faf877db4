import Katana
import KatanaSupport

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
  /// Cancels the item (and, for a retried handle, the attempts still to come).
  let cancelAction: @Sendable () -> Void

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
    cancelAction = {
      // The test stopped it: its end (usually CancellationError) is the test's business.
      markObserved()
      task.cancel()
    }
  }

  private init(
    outcome: @escaping @Sendable () async -> Result<Value, any Error>, markObserved: @escaping @Sendable () -> Void,
    redispatch: (@Sendable () -> TestStoreTask<Value>)?, retryLoops: RetryLoops?,
    cancelAction: @escaping @Sendable () -> Void = {}
  ) {
    self.outcome = outcome
    self.markObserved = markObserved
    self.redispatch = redispatch
    self.retryLoops = retryLoops
    self.cancelAction = cancelAction
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

  /// Cancels the item, as `DispatchTask.cancel()` does on a `Store`: a running side effect's task
  /// is cancelled (its body sees it cooperatively: a cancelled `ManualClock` sleep throws
  /// `CancellationError`), an item not started yet never runs, an item already handled is not
  /// affected. A retried handle also stops retrying.
  ///
  /// The test store then counts the item's end as the test's business: a cancelled side effect
  /// that ends with `CancellationError` (or any other error) does not fail
  /// ``TestStore/finish(timeout:fileID:filePath:line:column:)``. Items it dispatched before it
  /// stopped must still be received.
  ///
  /// ```swift
  /// let reminder = await store.dispatch(RemindLater(after: .seconds(60)))
  /// await clock.waitForSleepers()
  /// reminder.cancel()
  /// await store.finish()
  /// ```
  ///
  /// Safe to call from any thread, any number of times.
  public func cancel() {
    cancelAction()
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
    let observation = LockedValue(RetryObservation<Value>())
    retryLoops.begin()
    let first = self
    let loop = Task { () -> Result<Value, any Error> in
      defer { retryLoops.end() }
      var attempt = first
      var result = await attempt.outcome()
      var runs = 1
      // A cancelled retry runs no more attempts.
      while case .failure = result, runs < attempts, !Task.isCancelled {
        // The loop handles this failure by running the item again.
        attempt.markObserved()
        attempt = redispatch()
        let current = attempt
        let cancelled = observation.withLock { observation in
          observation.current = current
          return observation.isCancelled
        }
        if cancelled { current.cancel() }
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
      redispatch: redispatch, retryLoops: retryLoops,
      cancelAction: {
        let current = observation.withLock { observation in
          observation.isCancelled = true
          return observation.current
        }
        loop.cancel()
        (current ?? first).cancel()
      })
  }
}

/// Whether the test looked at a retried handle's value, and how to tell the last attempt so.
private struct RetryObservation<Value: Sendable> {
  var isObserved = false
  var markLast: (@Sendable () -> Void)?
  /// The attempt running now, once the loop has started a second one; the first otherwise.
  var current: TestStoreTask<Value>?
  var isCancelled = false
}
