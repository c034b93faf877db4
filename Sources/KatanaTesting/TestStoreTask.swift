import Katana

/// An item a ``TestStore`` dispatched for the test.
///
/// Await ``value`` for a returning side effect's result, or to wait until a side effect's body
/// returns. Looking at the value also tells the test store that the test handles the item's
/// failure itself, so ``TestStore/finish(timeout:fileID:filePath:line:column:)`` does not report
/// it.
public struct TestStoreTask<Value: Sendable>: Sendable {
  let task: DispatchTask<Value>
  let markObserved: @Sendable () -> Void

  /// The item's result: `()` for updaters and side effects, the returned value for returning side
  /// effects.
  ///
  /// - Throws: what the item threw, unchanged.
  public var value: Value {
    get async throws {
      markObserved()
      return try await task.value
    }
  }
}
