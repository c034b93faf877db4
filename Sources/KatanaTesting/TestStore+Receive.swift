public import Katana
import KatanaSupport

extension TestStore {
  /// Asserts that the next item dispatched by side effects (or interceptors) is of type `type`,
  /// and the exact state change it caused.
  ///
  /// Waits until the item arrives, and fails if it does not arrive within `timeout`, or at once
  /// if nothing is left running that could dispatch it.
  ///
  /// ```swift
  /// await store.dispatch(GenerateRandomNumber())
  /// await store.receive(SetCounter.self) { $0.counter = 42 }
  /// ```
  ///
  /// In exhaustive mode the next received item must match; in non-exhaustive mode earlier items
  /// of other types are skipped.
  ///
  /// - Parameters:
  ///   - type: the expected item's type.
  ///   - timeout: how long to wait; ``timeout`` by default.
  ///   - expectedChange: for an updater, turns the state before it into the expected state after
  ///     it. Side effects change nothing themselves, so pass no closure for them.
  ///   - isolation: the caller's actor; the method runs there, so the closure never leaves it.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  public func receive<T: Dispatchable>(
    _ type: T.Type,
    timeout: Duration? = nil,
    assert expectedChange: ((inout S) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      description: readableName(of: type), matching: { $0 is T }, timeout: timeout,
      expectedChange: expectedChange,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
  }

  /// Asserts that the next item dispatched by side effects equals `item`, and the exact state
  /// change it caused.
  ///
  /// ```swift
  /// await store.receive(SetCounter(newValue: 42)) { $0.counter = 42 }
  /// ```
  ///
  /// - Parameters:
  ///   - item: the item expected; a received item of its type but another value fails with a diff.
  ///   - timeout: how long to wait; ``timeout`` by default.
  ///   - expectedChange: for an updater, turns the state before it into the expected state after it.
  ///   - isolation: the caller's actor; the method runs there, so the closure never leaves it.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  public func receive<T: Dispatchable & Equatable>(
    _ item: T,
    timeout: Duration? = nil,
    assert expectedChange: ((inout S) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      description: readableName(of: item), matching: { $0 is T }, timeout: timeout,
      expectedChange: expectedChange, site: site, isolation: isolation
    ) { received in
      guard let received = received as? T, received != item else { return nil }
      return "Received \(readableName(of: item)), but not the expected value:\n\n"
        + (differences(item, received) ?? "") + "\n\n(Expected: -, Received: +)"
    }
  }

  /// Asserts that the next item dispatched by side effects satisfies `predicate`, and the exact
  /// state change it caused: for items whose type the test cannot name, such as a module's
  /// `fileprivate` updaters.
  ///
  /// ```swift
  /// await store.dispatch(TodoActions.ClearDone())
  /// // RemoveDone is fileprivate to the Todo module: match it by its name, or take any updater.
  /// await store.receive(where: { "\(type(of: $0))" == "RemoveDone" }) { $0.todos = [eggs] }
  /// await store.receive(where: { $0 is any StateUpdater }) { $0.todos = [eggs] }
  /// ```
  ///
  /// Matching works as for `receive(_:)` with a type: in exhaustive mode the next received item
  /// must satisfy the predicate; in non-exhaustive mode earlier items that do not are skipped.
  ///
  /// - Parameters:
  ///   - description: how failures name what was expected; by default "an item matching the
  ///     predicate".
  ///   - predicate: whether a received item is the expected one. Called under the test store's
  ///     lock: keep it a quick check of the item, that touches nothing else.
  ///   - timeout: how long to wait; ``timeout`` by default.
  ///   - expectedChange: for an updater, turns the state before it into the expected state after
  ///     it.
  ///   - isolation: the caller's actor; the method runs there, so the closure never leaves it.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  public func receive(
    _ description: String = "an item matching the predicate",
    where predicate: @escaping @Sendable (any Dispatchable) -> Bool,
    timeout: Duration? = nil,
    assert expectedChange: ((inout S) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      description: description, matching: predicate, timeout: timeout, expectedChange: expectedChange,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
  }

  /// Takes the next matching received item and checks it.
  ///
  /// - Parameter expectsFailure: the caller checks the item's failure itself, so the state change
  ///   is not asserted.
  /// - Returns: the item received, or `nil` after reporting why none was.
  @discardableResult
  func receive(
    description: String,
    matching matches: @escaping (any Dispatchable) -> Bool,
    timeout: Duration?,
    expectedChange: ((inout S) throws -> Void)?,
    site: CallSite,
    isolation: isolated (any Actor)?,
    expectsFailure: Bool = false,
    checkValue: (any Dispatchable) -> String? = { _ in nil }
  ) async -> RecordedItem<S>? {
    await store.waitUntilReady()
    let timeout = timeout ?? self.timeout
    let deadline = ContinuousClock.now + timeout
    let exhaustivity = exhaustivity
    // Whether updaters dispatched before the last change have surely been handled.
    var drained = false
    while true {
      let version = recorder.version
      let skipping = settings.withLock { $0.skippedSideEffects }
      let reception = recorder.state.withLock { state in
        state.dropSkippedReceived(skipping: skipping)
        return state.takeReceived(matching: matches, exhaustivity: exhaustivity)
      }
      switch reception {
      case .found(let record, let skipped):
        if exhaustivity.showsSkippedAssertions, !skipped.isEmpty {
          SkippedAssertions.report(
            "Skipped receiving \(skipped.count) item(s) before \(record.readableName):\n"
              + skipped.map { "  • \($0.readableName)\($0.parentDescription(in: recorder))" }.joined(separator: "\n"),
            at: site)
        }
        if let problem = checkValue(record.item) { report(problem, at: site) }
        if !expectsFailure { assertChange(of: record, expectedChange, exhaustivity: exhaustivity, site: site) }
        return record
      case .mismatch(let record):
        report(
          "Expected to receive \(description), but the next item dispatched by side effects was "
            + "\(record.readableName)\(record.parentDescription(in: recorder)).", at: site)
        return nil
      case .pending:
        break
      case .nothing(let running):
        if running.allSatisfy({ record in
          recorder.state.withLock { $0.isSkipped(record.id, skipping: skipping, includingSkippedItself: true) }
        }) {
          if drained {
            report(
              "Expected to receive \(description), but nothing more was dispatched and no side effect is "
                + "running.", at: site)
            return nil
          }
          // An updater a finished side effect dispatched without awaiting may not have started yet.
          await drainUpdaters()
          drained = recorder.version == version
          continue
        }
      }
      guard await recorder.waitForChange(after: version, until: deadline) else {
        let running = recorder.state.withLock { $0.runningItems }
        report(
          "Timed out after \(timeout) waiting to receive \(description). Still running: "
            + running.map(\.readableName).joined(separator: ", ")
            + ". If a side effect waits on a clock, advance the clock the test injected.", at: site)
        return nil
      }
      drained = false
    }
  }

  /// Checks the state change of a received item.
  private func assertChange(
    of record: RecordedItem<S>, _ expectedChange: ((inout S) throws -> Void)?, exhaustivity: Exhaustivity,
    site: CallSite
  ) {
    guard record.kind == .stateUpdater else {
      if expectedChange != nil {
        report(
          "\(record.readableName) is a side effect: it changes the state only through the items it dispatches. "
            + "Assert the change where you receive those, and pass no closure here.", at: site)
      }
      return
    }
    if let error = record.failure {
      report("\(record.readableName) failed: \(error)", at: site)
      return
    }
    guard let before = record.before, let after = record.after else {
      report("\(record.readableName) was received, but an interceptor hid the state around it.", at: site)
      return
    }
    StateExpectation(itemName: record.readableName, before: before, after: after, exhaustivity: exhaustivity, site: site)
      .check(expectedChange)
    settings.withLock { $0.assertedState = after }
  }
}

extension RecordedItem {
  /// " (dispatched by X)", naming the side effect that dispatched the item, if known.
  /// ` at Module/File.swift:line`, where the item was dispatched; empty when that is unknown.
  var siteDescription: String { callSite.map { " at \($0)" } ?? "" }

  func parentDescription(in recorder: DispatchRecorder<S>) -> String {
    guard let parentID else { return "" }
    let parent = recorder.state.withLock { $0.items[parentID] }
    return parent.map { " (dispatched by \($0.readableName))" } ?? ""
  }
}
