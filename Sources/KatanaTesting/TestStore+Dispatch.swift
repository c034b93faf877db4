public import Katana
import KatanaSupport

extension TestStore {
  /// Dispatches a state updater and asserts the exact state change it causes.
  ///
  /// The closure receives the state as it was right before the updater and mutates it into the
  /// state you expect right after. Any difference fails the test with a field-by-field diff.
  /// Without a closure the updater must leave the state unchanged (in exhaustive mode).
  ///
  /// ```swift
  /// await store.dispatch(IncrementCounter()) { $0.counter = 1 }
  /// ```
  ///
  /// Returns once the update is applied and listeners have heard of it.
  ///
  /// - Parameters:
  ///   - updater: the updater to apply.
  ///   - expectedChange: turns the state before into the expected state after.
  ///   - isolation: the caller's actor; the method runs there, so the closure never leaves it.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  /// - Returns: the dispatch; its `value` rethrows the updater's failure, if any.
  @discardableResult
  public func dispatch<T: StateUpdater>(
    _ updater: T,
    assert expectedChange: ((inout S) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask<Void> where T.StateType == S {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await store.waitUntilReady()
    rearmLeftoverCheck()
    let claim = recorder.claim(T.self)
    let task = store.dispatch(updater)
    let handle = handle(claim: claim, task: task, type: T.self) { $0.store.dispatch(updater) }
    do {
      try await task.value
    } catch {
      recorder.withdraw(claim)
      report("\(readableName(of: updater)) failed: \(error)", at: site)
      return handle
    }
    guard let record = recorder.claimedItem(claim), let before = record.before, let after = record.after else {
      recorder.withdraw(claim)
      report(
        "\(readableName(of: updater)) was applied, but the test store could not see the state around it: "
          + "an interceptor replaced or swallowed it.", at: site)
      return handle
    }
    StateExpectation(
      itemName: record.readableName, before: before, after: after, exhaustivity: exhaustivity, site: site
    ).check(expectedChange)
    settings.withLock { $0.assertedState = after }
    return handle
  }

  /// Dispatches a side effect and returns as soon as the store has started it.
  ///
  /// A side effect changes the state only through the items it dispatches: assert those with
  /// `receive`. Await the returned task's
  /// `value` to wait for the body to return (and to see its error).
  ///
  /// - Parameters:
  ///   - sideEffect: the side effect to start.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  /// - Returns: the dispatch; its `value` returns when the body returns, or rethrows its error.
  @discardableResult
  public func dispatch<T: SideEffect>(
    _ sideEffect: T,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask<Void> where T.StateType == S, T.Dependencies == D {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await store.waitUntilReady()
    rearmLeftoverCheck()
    let claim = recorder.claim(T.self)
    let task = store.dispatch(sideEffect)
    await waitUntilStarted(claim, item: sideEffect, site: site)
    return handle(claim: claim, task: task, type: T.self) { $0.store.dispatch(sideEffect) }
  }

  /// Dispatches a returning side effect of this store's state and dependency types (checked at
  /// compile time) and returns as soon as the store has started it; the returned task's `value`
  /// is what the body returns.
  ///
  /// ```swift
  /// let count = try await store.dispatch(CountTodos()).value
  /// ```
  ///
  /// - Parameters:
  ///   - sideEffect: the returning side effect to start.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  /// - Returns: the dispatch; its `value` is what the body returns, or rethrows its error.
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(
    _ sideEffect: T,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask<T.ReturnValue> where T.StateType == S, T.Dependencies == D {
    await dispatchReturning(sideEffect, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Dispatches a returning side effect that declares no store types (it implements only the
  /// type-erased requirement) and returns as soon as the store has started it; the returned
  /// task's `value` is what the body returns.
  ///
  /// ```swift
  /// let product = try await store.dispatch(Multiply(a: 5, b: 2)).value  // 10
  /// ```
  ///
  /// - Parameters:
  ///   - sideEffect: the returning side effect to start.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  /// - Returns: the dispatch; its `value` is what the body returns, or rethrows its error.
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(
    _ sideEffect: T,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask<T.ReturnValue>
  where T.StateType == UndeclaredState, T.Dependencies == UndeclaredDependencies {
    await dispatchReturning(sideEffect, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Flags, at compile time, a returning side effect of another state or dependency type than
  /// the store's; its `value` throws a `KatanaError`.
  ///
  /// - Parameters:
  ///   - sideEffect: the returning side effect to start.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  /// - Returns: the dispatch; its `value` throws the mismatch.
  @available(*, deprecated, message: "the returning side effect's SideEffectContext is not of this store's state and dependency types: dispatch it to its own store, or the dispatch fails with a KatanaError")
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(
    _ sideEffect: T,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask<T.ReturnValue> {
    await dispatchReturning(sideEffect, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Starts any returning side effect; the overloads above only choose what the compiler says.
  private func dispatchReturning<T: ReturningSideEffect>(_ sideEffect: T, at site: CallSite) async
    -> TestStoreTask<T.ReturnValue>
  {
    await store.waitUntilReady()
    rearmLeftoverCheck()
    let claim = recorder.claim(T.self)
    // Unchecked: this method serves all three overloads; a mismatch fails at run time with a
    // KatanaError.
    let task = store.dispatchUnchecked(sideEffect)
    await waitUntilStarted(claim, item: sideEffect, site: site)
    return handle(claim: claim, task: task, type: T.self) { $0.store.dispatchUnchecked(sideEffect) }
  }

  /// The test's handle on a dispatch it made under `claim`; `again` dispatches the same item
  /// once more, for ``TestStoreTask/retry(_:)``.
  func handle<V: Sendable>(
    claim: Int, task: DispatchTask<V>, type: any Dispatchable.Type,
    again: @escaping @Sendable (TestStore) -> DispatchTask<V>
  ) -> TestStoreTask<V> {
    TestStoreTask(
      task: task, markObserved: { [recorder] in recorder.observe(claim) },
      redispatch: { [weak self] in
        // A retry that outlives the test store has nowhere to go.
        guard let self else { return .failed(KatanaError.storeReleased(readableName(of: type))) }
        rearmLeftoverCheck()
        let claim = recorder.claim(type)
        return handle(claim: claim, task: again(self), type: type, again: again)
      },
      retryLoops: retryLoops)
  }

  /// Waits until the store starts the test's side effect, so that what it dispatches is told
  /// apart from the test's own next dispatches.
  private func waitUntilStarted(_ claim: Int, item: any Dispatchable, site: CallSite) async {
    let deadline = ContinuousClock.now + timeout
    while true {
      let version = recorder.version
      if recorder.claimedItem(claim) != nil { return }
      guard await recorder.waitForChange(after: version, until: deadline) else {
        recorder.withdraw(claim)
        report("The store did not start \(readableName(of: item)) within \(timeout).", at: site)
        return
      }
    }
  }
}
