public import Katana
import KatanaSupport

extension TestStore {
  /// Asserts that the next item dispatched by side effects is of type `type`, and that it fails
  /// with an error of type `errorType`.
  ///
  /// In an exhaustive test every side effect that fails, whoever dispatched it, must be accounted
  /// for: the test awaits the `value` of its own dispatches, and asserts the failures of received
  /// ones with this method. Any other failure makes
  /// ``finish(timeout:fileID:filePath:line:column:)`` fail the test.
  ///
  /// ```swift
  /// await store.dispatch(IncrementCounter()) { $0.counter = 1 }  // an observer starts AutoSave
  /// await store.receive(AutoSave.self, failing: DiskFull.self)  // AutoSave rethrows Save's error
  /// await store.receive(Save.self, failing: DiskFull.self)
  /// await store.finish()
  /// ```
  ///
  /// Waits, up to `timeout`, for the item to arrive and then to end: a side effect is received
  /// when it starts, and its failure comes when its body throws. Fails when the item succeeds or
  /// throws an error of another type. A failing updater changes nothing, so no state change is
  /// asserted.
  ///
  /// - Parameters:
  ///   - type: the expected item's type.
  ///   - errorType: the type of the error the item must throw.
  ///   - timeout: how long to wait for the item and for its end; ``timeout`` by default.
  ///   - isolation: the caller's actor; the method runs there.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  public func receive<T: Dispatchable, E: Error>(
    _ type: T.Type,
    failing errorType: E.Type,
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    let deadline = ContinuousClock.now + timeout
    guard
      let record = await receive(
        description: readableName(of: type), matching: { $0 is T }, timeout: timeout, expectedChange: nil,
        site: site, isolation: isolation, expectsFailure: true)
    else { return }
    // The failure counts as asserted even if it is not the expected one: this call reports it.
    settings.withLock { _ = $0.assertedFailures.insert(record.id) }
    guard let outcome = await outcome(of: record.id, until: deadline) else {
      report(
        "Timed out after \(timeout) waiting for \(record.readableName) to fail with \(readableName(of: E.self)): "
          + "it is still running. If it waits on a clock, advance the clock the test injected.", at: site)
      return
    }
    switch outcome {
    case .completed:
      report("Expected \(record.readableName) to fail with \(readableName(of: E.self)), but it succeeded.", at: site)
    case .failed(let error):
      guard !(error is E) else { return }
      report(
        "Expected \(record.readableName) to fail with \(readableName(of: E.self)), but it failed with "
          + "\(readableName(of: Swift.type(of: error))): \(error)", at: site)
    }
  }

  /// Waits until the recorded item `id` has ended, or until `deadline`.
  ///
  /// - Returns: its outcome, or `nil` if it was still running at the deadline.
  func outcome(of id: Int, until deadline: ContinuousClock.Instant) async -> DispatchOutcome? {
    while true {
      let version = recorder.version
      if let outcome = recorder.state.withLock({ $0.items[id]?.outcome }) { return outcome }
      guard await recorder.waitForChange(after: version, until: deadline) else {
        return recorder.state.withLock { $0.items[id]?.outcome }
      }
    }
  }
}

extension RecorderState {
  /// Side effects that other code than the test dispatched and that failed, without the test
  /// asserting it: each must fail an exhaustive test.
  ///
  /// Items still waiting to be received are left out (`finish` reports them as unasserted, with
  /// their state change), and so is what the test skipped.
  func unassertedReceivedFailures(asserted: Set<Int>, skipping: [Int: Int]) -> [RecordedItem<S>] {
    let waiting = Set(received)
    return items.values
      .filter { record in
        record.origin == .received && record.kind != .stateUpdater && record.unexpectedFailure != nil
          && !asserted.contains(record.id) && !waiting.contains(record.id)
          && !isSkipped(record.id, skipping: skipping, includingSkippedItself: true)
      }
      .sorted { $0.id < $1.id }
  }
}
