import Katana
import KatanaSupport

extension TestStore {
  /// Asserts the current state, without dispatching or receiving anything.
  ///
  /// The closure receives the state as the test last described it (after the last `dispatch`,
  /// `receive` or `assert` that checked a change, or the initial state) and mutates it into the
  /// state expected now. Use it after ``skipReceived(fileID:filePath:line:column:)`` to describe
  /// at once what the skipped items did, or in a non-exhaustive test to check a few fields.
  ///
  /// ```swift
  /// await store.dispatch(LoadTodos())
  /// await store.skipReceived()
  /// await store.assert { $0.todos = [milk, eggs] }
  /// ```
  ///
  /// - Exhaustive: the described state must equal the current state in every field.
  /// - Non-exhaustive: the closure is applied to the current state, and only the fields it sets
  ///   are compared.
  ///
  /// - Parameters:
  ///   - expectedState: turns the state last described into the state expected now.
  ///   - isolation: the caller's actor; the method runs there, so the closure never leaves it.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  public func assert(
    _ expectedState: (inout S) throws -> Void,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await store.waitUntilReady()
    // Updaters dispatched without awaiting have been applied before the state is read.
    await drainUpdaters()
    let current = state
    let (described, exhaustivity) = settings.withLock { ($0.assertedState, $0.exhaustivity) }
    let expectation = StateExpectation(
      itemName: "the last assertion", before: described, after: current, exhaustivity: exhaustivity, site: site,
      checksNoChange: false)
    withoutActuallyEscaping(expectedState) { expectation.check($0) }
    settings.withLock { $0.assertedState = current }
  }

  /// Stops expecting the items side effects have dispatched so far and the test has not
  /// received: `receive` and `finish` no longer see them.
  ///
  /// Items dispatched later must be received as usual. The state the skipped updaters produced
  /// is not asserted; describe it with ``assert(_:isolation:fileID:filePath:line:column:)`` if it
  /// matters. With ``Exhaustivity/off(showSkippedAssertions:)`` set to show them, the skipped
  /// items are listed as an expected issue.
  ///
  /// - Parameters:
  ///   - fileID: the calling file's ID; the listing is reported there. Leave the default.
  ///   - filePath: the calling file's path. Leave the default.
  ///   - line: the calling line. Leave the default.
  ///   - column: the calling column. Leave the default.
  public func skipReceived(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await store.waitUntilReady()
    // Updaters a finished side effect dispatched without awaiting are handled, so they are skipped too.
    await drainUpdaters()
    let skipped = recorder.state.withLock { state in
      defer { state.received.removeAll() }
      return state.unassertedItems
    }
    guard exhaustivity.showsSkippedAssertions, !skipped.isEmpty else { return }
    SkippedAssertions.report(
      "Skipped receiving \(skipped.count) item(s):\n"
        + skipped.map { "  • \($0.readableName)\($0.parentDescription(in: recorder))" }.joined(separator: "\n"),
      at: site)
  }

  /// Stops waiting for the side effects that are running now: `finish` neither waits for them
  /// nor reports them, and what they dispatch from now on need not be received (`receive` and
  /// `finish` skip it).
  ///
  /// Use it for side effects that run for the app's whole life (a socket listener, a timer).
  /// The side effects go on running until they end; nothing is cancelled. With
  /// ``Exhaustivity/off(showSkippedAssertions:)`` set to show them, the skipped side effects are
  /// listed as an expected issue.
  ///
  /// - Parameters:
  ///   - fileID: the calling file's ID; the listing is reported there. Leave the default.
  ///   - filePath: the calling file's path. Leave the default.
  ///   - line: the calling line. Leave the default.
  ///   - column: the calling column. Leave the default.
  public func skipInFlightSideEffects(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await store.waitUntilReady()
    await drainUpdaters()
    let (running, firstSkippedID) = recorder.state.withLock { state in
      (state.runningItems.filter { $0.kind != .stateUpdater }, state.nextItemID)
    }
    settings.withLock { settings in
      for record in running where settings.skippedSideEffects[record.id] == nil {
        settings.skippedSideEffects[record.id] = firstSkippedID
      }
    }
    guard exhaustivity.showsSkippedAssertions, !running.isEmpty else { return }
    SkippedAssertions.report(
      "Skipped \(running.count) side effect(s) still running:\n"
        + running.map { "  • \($0.readableName)" }.joined(separator: "\n"),
      at: site)
  }
}
