import Katana
import KatanaSupport

extension TestStore {
  /// Waits for running side effects to finish, then asserts that the test accounted for
  /// everything.
  ///
  /// In exhaustive mode it fails when items dispatched by side effects were never received, when
  /// side effects are still running once `timeout` has passed, or when a side effect the test
  /// dispatched failed and the test never awaited its `value`. Side effects skipped with
  /// ``skipInFlightSideEffects(fileID:filePath:line:column:)`` are neither waited for nor
  /// reported. It also waits for ``TestStoreTask/retry(_:)`` loops to be over. Call it at the end
  /// of every test that dispatches side effects; a test store released without it reports the
  /// same problems (without waiting).
  ///
  /// With ``Exhaustivity/off(showSkippedAssertions:)`` set to show them, what was left over is
  /// listed as an expected issue instead.
  ///
  /// - Parameters:
  ///   - timeout: how long to wait for running side effects; ``timeout`` by default.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await store.waitUntilReady()
    let deadline = ContinuousClock.now + (timeout ?? self.timeout)
    while true {
      await drainUpdaters()
      // A retry loop between two attempts has nothing running in the store, yet is not over.
      guard await retryLoops.waitUntilIdle(until: deadline) else { break }
      let version = recorder.version
      let skipping = settings.withLock { $0.skippedSideEffects }
      let running = recorder.state.withLock { !$0.awaitedRunningItems(skipping: skipping).isEmpty }
      guard running else { break }
      guard await recorder.waitForChange(after: version, until: deadline) else { break }
    }
    let (exhaustivity, skipping, asserted) = settings.withLock { settings in
      settings.isFinished = true
      return (settings.exhaustivity, settings.skippedSideEffects, settings.assertedFailures)
    }
    guard exhaustivity == .on || exhaustivity.showsSkippedAssertions else { return }
    let problems = leftoverProblems(skipping: skipping, assertedFailures: asserted)
    guard !problems.isEmpty else { return }
    if exhaustivity == .on {
      report("The test did not account for everything:\n\n" + problems.joined(separator: "\n\n"), at: site)
    } else {
      SkippedAssertions.report(
        "Skipped at finish (an exhaustive test would fail here):\n\n" + problems.joined(separator: "\n\n"), at: site)
    }
  }

  /// Describes what an exhaustive test left unasserted or running.
  ///
  /// - Parameters:
  ///   - skipping: the side effects the test skipped, whose work is not reported.
  ///   - assertedFailures: the received items whose failure the test asserted.
  func leftoverProblems(skipping: [Int: Int], assertedFailures: Set<Int>) -> [String] {
    let (unasserted, running, failures, receivedFailures) = recorder.state.withLock { state in
      (
        state.unassertedItems.filter { !state.isSkipped($0.id, skipping: skipping, includingSkippedItself: false) },
        state.awaitedRunningItems(skipping: skipping),
        state.unobservedTestFailures,
        state.unassertedReceivedFailures(asserted: assertedFailures, skipping: skipping)
      )
    }
    var problems: [String] = []
    if !unasserted.isEmpty {
      problems.append(
        "\(unasserted.count) received item(s) were not asserted with `receive`:\n"
          + unasserted.map { record in
            var line = "  • \(record.readableName)\(record.parentDescription(in: recorder))\(record.siteDescription)"
            if let before = record.before, let after = record.after, let change = differences(before, after) {
              line += "\n" + change.indented(by: 4)
            }
            return line
          }.joined(separator: "\n"))
    }
    if !running.isEmpty {
      problems.append(
        "\(running.count) item(s) are still running:\n"
          + running.map { "  • \($0.readableName)" }.joined(separator: "\n")
          + "\nIf a side effect waits on a clock, advance the clock the test injected; if it runs "
          + "forever on purpose, call `skipInFlightSideEffects()` or set `exhaustivity = .off`.")
    }
    if !failures.isEmpty {
      problems.append(
        "\(failures.count) side effect(s) the test dispatched failed, and the test never awaited their value:\n"
          + failures.map { "  • \($0.readableName): \($0.failure.map { "\($0)" } ?? "")" }.joined(separator: "\n"))
    }
    if !receivedFailures.isEmpty {
      problems.append(
        "\(receivedFailures.count) side effect(s) failed and the test did not assert it:\n"
          + receivedFailures.map { record in
            "  • \(record.readableName)\(record.parentDescription(in: recorder)): "
              + (record.failure.map { "\($0)" } ?? "")
          }.joined(separator: "\n")
          + "\nIf the failure is expected, assert it with `receive(Type.self, failing: ErrorType.self)`.")
    }
    return problems
  }
}
