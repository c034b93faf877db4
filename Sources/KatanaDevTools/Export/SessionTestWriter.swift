import Foundation

/// Writes a ``SessionTestPlan`` as a Swift Testing source file: a comment naming what is not
/// replayed, one test that replays the session into a `TestStore` from the recorded initial state
/// and asserts the recorded state after each updater, and two small private helpers.
///
/// Recorded values are embedded as JSON in raw string literals and decoded where they are used,
/// so a person can read (and edit) each one in place. Each step's comment says which item of the
/// DevTools list it is, where it was dispatched, and what it changed.
enum SessionTestWriter {
  /// Changes shown in a step's comment; the assertion covers all of them.
  static let changesShown = 4
  /// Ids listed per type in the comment at the top.
  static let idsShown = 8
  /// Characters of one change shown in a comment.
  static let changeLength = 110

  static func source(of plan: SessionTestPlan) -> String {
    var lines: [String] = []
    lines += header(of: plan)
    lines.append("")
    lines += (["Foundation", "Katana", "KatanaTesting", "Testing"] + plan.modules)
      .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      .sorted()
      .map { "import \($0)" }
    lines.append("")
    lines.append(#"@Test("the recorded session replays to every recorded state")"#)
    // Private, like the helpers: several exported files can share a test target.
    lines.append("private func \(plan.testName)() async throws {")
    lines.append("  let store = TestStore<\(plan.stateType), EmptySideEffectDependencyContainer>(")
    lines.append("    initialState: try recorded(\(plan.stateType).self, \(literal(plan.initialState))))")
    var restores = 0
    for step in plan.steps {
      lines.append("")
      switch step {
      case .replay(let replay):
        lines += self.replay(replay, stateType: plan.stateType)
      case .restore(let restore):
        restores += 1
        let name = "restored\(restores)"
        lines.append("  // \(restore.reason)")
        lines.append("  let \(name) = try recorded(\(plan.stateType).self, \(literal(restore.state)))")
        lines.append("  await store.dispatch(SetRecordedState(\(name))) { $0 = \(name) }")
      }
    }
    lines.append("")
    lines.append("  await store.finish()")
    lines.append("}")
    if restores > 0 {
      lines.append("")
      lines.append("/// Puts the store in a recorded state, where the session did something this test does not replay.")
      lines.append("private struct SetRecordedState: StateUpdater {")
      lines.append("  let state: \(plan.stateType)")
      lines.append("  init(_ state: \(plan.stateType)) { self.state = state }")
      lines.append("  func updateState(_ state: inout \(plan.stateType)) { state = self.state }")
      lines.append("}")
    }
    lines.append("")
    lines.append("/// Decodes a value DevTools recorded as JSON.")
    lines.append("private func recorded<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {")
    lines.append("  try JSONDecoder().decode(type, from: Data(json.utf8))")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func header(of plan: SessionTestPlan) -> [String] {
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "UTC")
    format.dateFormat = "yyyy-MM-dd 'at' HH:mm:ss 'UTC'"
    var lines = [
      "// Exported by Katana DevTools on \(format.string(from: plan.exportedAt)) from a recorded session.",
      "//",
      "// Replays the session's registered updaters into a TestStore, from the state recorded before",
      "// the first of them, and asserts the state recorded after each one: a mismatch fails with a",
      "// field-by-field diff (expected -, actual +).",
    ]
    let replayed = plan.steps.filter { if case .replay = $0 { true } else { false } }.count
    lines.append("//")
    lines.append("// Replayed: \(replayed) updater\(replayed == 1 ? "" : "s").")
    if plan.notReplayed.isEmpty {
      lines.append("// Not replayed: nothing.")
    } else {
      lines.append("// Not replayed:")
      for group in plan.notReplayed {
        let count = group.itemIDs.count
        let ids = group.itemIDs.prefix(idsShown).map { "#\($0)" }.joined(separator: ", ")
          + (count > idsShown ? ", …" : "")
        lines.append("// - \(group.type)\(count > 1 ? " ×\(count)" : "") (\(ids)): \(group.reason)")
      }
      lines.append("// Where they changed the state, the test puts the store in the state recorded after them.")
    }
    if plan.droppedItems > 0 {
      lines.append("//")
      lines.append("// \(plan.droppedItems) older item\(plan.droppedItems == 1 ? " was" : "s were") dropped from DevTools' ring buffer before the export:")
      lines.append("// the test starts from the state before the first updater still recorded.")
    }
    if plan.initialStateIsRedacted {
      lines.append("//")
      lines.append("// The initial state was redacted by DevTools' redaction rule: the test starts from the")
      lines.append("// redacted values, and states after a redacted one are not asserted.")
    }
    let redacted = plan.steps.compactMap { step -> Int? in
      if case .replay(let replay) = step, replay.expectation == .redacted { return replay.itemID }
      return nil
    }
    if !redacted.isEmpty {
      lines.append("//")
      lines.append("// Not asserted, their recorded state being redacted: \(redacted.map { "#\($0)" }.joined(separator: ", ")).")
    }
    return lines
  }

  private static func replay(_ replay: SessionTestPlan.Replay, stateType: String) -> [String] {
    var lines = [
      "  // #\(replay.itemID) "
        + (replay.request.map { "\($0), applied by History as \(replay.registeredName)" } ?? replay.registeredName)
        + (replay.callSite.map { ", dispatched at \($0)" } ?? "")
    ]
    for change in replay.changes.prefix(changesShown) {
      lines.append("  //   " + (change.count > changeLength ? change.prefix(changeLength) + "…" : change))
    }
    if replay.changes.count > changesShown {
      lines.append("  //   and \(replay.changes.count - changesShown) more changes")
    }
    let dispatch = "store.dispatch(recorded(\(replay.type).self, \(literal(replay.updater))))"
    switch replay.expectation {
    case .state(let state):
      lines.append("  try await \(dispatch) {")
      lines.append("    $0 = try recorded(\(stateType).self, \(literal(state)))")
      lines.append("  }")
    case .unchanged:
      lines.append("  //   (changed nothing)")
      lines.append("  try await \(dispatch)")
    case .redacted:
      lines.append("  //   (the state recorded after it is redacted: not asserted)")
      lines.append("  store.exhaustivity = .off")
      lines.append("  try await \(dispatch)")
      lines.append("  store.exhaustivity = .on")
    }
    return lines
  }

  /// `text` as a single-line raw string literal, with as many `#` as it needs: enough that
  /// neither a quote nor a backslash followed by them occurs in it.
  static func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    // A raw literal still ends at a line break: JSON text has none, but a comment or a key might.
    let body = text.replacingOccurrences(of: "\n", with: "\\\(hashes)n").replacingOccurrences(of: "\r", with: "\\\(hashes)r")
    return hashes + "\"" + body + "\"" + hashes
  }
}
