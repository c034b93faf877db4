import Katana
import KatanaSupport

extension TestStore {
  /// Waits for running side effects to finish, then asserts that the test accounted for
  /// everything.
  ///
  /// In exhaustive mode it fails when items dispatched by side effects were never received, when
  /// side effects are still running once `timeout` has passed, or when a side effect the test
  /// dispatched failed and the test never awaited its `value`. Call it at the end of every test
  /// that dispatches side effects; a test store released without it reports the same problems
  /// (without waiting).
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
      let version = recorder.version
      let running = recorder.state.withLock { !$0.running.isEmpty }
      guard running else { break }
      guard await recorder.waitForChange(after: version, until: deadline) else { break }
    }
    let exhaustivity = settings.withLock { settings in
      settings.isFinished = true
      return settings.exhaustivity
    }
    guard exhaustivity == .on else { return }
    let problems = leftoverProblems()
    guard !problems.isEmpty else { return }
    report("The test did not account for everything:\n\n" + problems.joined(separator: "\n\n"), at: site)
  }

  /// Describes what an exhaustive test left unasserted or running.
  func leftoverProblems() -> [String] {
    let (unasserted, running, failures) = recorder.state.withLock {
      ($0.unassertedItems, $0.runningItems, $0.unobservedTestFailures)
    }
    var problems: [String] = []
    if !unasserted.isEmpty {
      problems.append(
        "\(unasserted.count) received item(s) were not asserted with `receive`:\n"
          + unasserted.map { record in
            var line = "  • \(record.name)\(record.parentDescription(in: recorder))"
            if let before = record.before, let after = record.after, let change = differences(before, after) {
              line += "\n" + change.indented(by: 4)
            }
            return line
          }.joined(separator: "\n"))
    }
    if !running.isEmpty {
      problems.append(
        "\(running.count) item(s) are still running:\n"
          + running.map { "  • \($0.name)" }.joined(separator: "\n")
          + "\nIf a side effect waits on a clock, advance the clock the test injected; if it runs "
          + "forever on purpose, set `exhaustivity = .off`.")
    }
    if !failures.isEmpty {
      problems.append(
        "\(failures.count) side effect(s) the test dispatched failed, and the test never awaited their value:\n"
          + failures.map { "  • \($0.name): \($0.failure.map { "\($0)" } ?? "")" }.joined(separator: "\n"))
    }
    return problems
  }
}
