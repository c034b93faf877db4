import Foundation
import Katana
import KatanaPersistence
import KatanaSupport

extension DevToolsRecorder {
  /// The recording as a Swift Testing source file (see ``DevTools/exportTest(named:)``).
  func exportTest(named testName: String, at date: Date = Date()) throws(DevToolsTestExportError) -> String {
    SessionTestWriter.source(of: try sessionTestPlan(named: testName, at: date))
  }

  /// What a test of the recording replays and asserts: the recorded updaters that are registered
  /// (as an exported session holds them), in the order the store applied them, each with the
  /// state recorded after it; a restore of the recorded state wherever items that cannot be
  /// replayed had changed it; and the list of those items.
  func sessionTestPlan(named testName: String, at date: Date) throws(DevToolsTestExportError) -> SessionTestPlan {
    guard testName.first.map({ $0 == "_" || ($0.isASCII && $0.isLetter) }) == true,
      testName.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
    else { throw .invalidTestName(String(testName.prefix(80))) }
    guard S.self is any Equatable.Type else { throw .stateNotEquatable(type: String(reflecting: S.self)) }

    // The states are kept as `S` (the recorder's typed slots); the store's latest is read from it.
    let (entries, latest, dropped) = recording.storage.withLock { storage -> ([Entry], S?, Int) in
      (self.entries(storage), latestState(storage), storage.dropped)
    }
    let records = entries.map(\.record)
    // Updaters in the order the store applied them (as ``exportSession()`` orders them).
    let updaters = entries.enumerated()
      .compactMap { offset, entry in
        entry.states.map { (offset: offset, record: entry.record, change: $0) }
      }
      .sorted { ($0.change.sequence, $0.offset) < ($1.change.sequence, $1.offset) }
    guard let initial = updaters.first?.change.before ?? latest else { throw .notAttached }

    let initialState = try redactedText(of: initial)
    var plan = SessionTestPlan(
      testName: testName, stateType: String(reflecting: S.self), modules: [], exportedAt: date,
      initialState: initialState.text, initialStateIsRedacted: initialState.isRedacted, steps: [], notReplayed: [],
      droppedItems: dropped)
    var modules = Self.modules(in: plan.stateType)
    var notReplayed: [(type: String, reason: String, id: Int)] = []
    // Side effects and updaters the store could not apply: listed, never replayed.
    for record in records where !record.hasStates {
      let reason =
        record.kind == .stateUpdater
        ? "failed (\(record.error.map { String(describing: $0) } ?? "refused")): the store applied nothing"
        : "side effect: the updaters it dispatched are replayed where they are registered"
      notReplayed.append((String(reflecting: type(of: Self.dispatched(record.item))), reason, record.id))
    }
    var previous = initialState
    var skippedSincePrevious: [String] = []
    for (_, record, change) in updaters {
      let item = Self.dispatched(record.item)
      let type = String(reflecting: Swift.type(of: item))
      if let error = record.error {
        // As an exported session, a failed updater is not replayed; its change (if any) is restored.
        notReplayed.append((type, "failed (\(error)): not replayed", record.id))
        skippedSincePrevious.append(type)
        continue
      }
      // History's undo, redo and jump are requests its interceptor applied as a `RestoreState` of
      // the state recorded after them: replayed as that updater, as the journal records them.
      let isRequest = Self.isHistoryRequest(item)
      let applied: any Dispatchable = isRequest ? RestoreState(change.after) : item
      let appliedType = isRequest ? String(reflecting: RestoreState<S>.self) : type
      let registration = registry.registration(of: applied)
      guard let registration, let encodable = applied as? any Encodable, Self.isNameable(appliedType) else {
        let reason =
          registration == nil
          ? (isRequest
            ? "applied by History as a RestoreState, which is not registered in the JournalRegistry"
            : "updater not registered in the JournalRegistry")
          : "updater type cannot be named from a test (private or local)"
        notReplayed.append((type, reason, record.id))
        skippedSincePrevious.append(type)
        continue
      }
      let before = try redactedText(of: change.before)
      let after = try redactedText(of: change.after)
      if before.text != previous.text {
        plan.steps.append(.restore(.init(state: before.text, reason: Self.restoreReason(skippedSincePrevious))))
      }
      let updater: JSONValue
      do {
        // A restore carries the state: embed it as redacted as the states are.
        updater = isRequest ? .object(["state": after.json]) : try JSONValue.of(encodable)
      } catch {
        throw .encodingFailed("\(registration.name): \(error)")
      }
      let expectation: SessionTestPlan.Expectation =
        after.isRedacted ? .redacted : Self.differ(change.before, change.after) ? .state(after.text) : .unchanged
      plan.steps.append(
        .replay(
          .init(
            itemID: record.id, type: appliedType, registeredName: registration.name,
            request: isRequest ? type : nil, updater: updater.text,
            callSite: record.callSite.map(Self.callSite(of:)).map { "\($0.file):\($0.line)" },
            changes: JSONDiff.changes(from: before.json, to: after.json).map {
              "\($0.path): \($0.old ?? "(absent)") → \($0.new ?? "(removed)")"
            },
            expectation: expectation)))
      modules.formUnion(Self.modules(in: appliedType))
      previous = after
      skippedSincePrevious = []
    }
    // Grouped by type and reason, in order of first appearance.
    for entry in notReplayed.sorted(by: { $0.id < $1.id }) {
      if let index = plan.notReplayed.firstIndex(where: { $0.type == entry.type && $0.reason == entry.reason }) {
        plan.notReplayed[index].itemIDs.append(entry.id)
      } else {
        plan.notReplayed.append(.init(type: entry.type, reason: entry.reason, itemIDs: [entry.id]))
      }
    }
    plan.modules = modules.sorted()
    return plan
  }

  /// `state` as redacted JSON, and whether the redaction changed it.
  private func redactedText(of state: S) throws(DevToolsTestExportError) -> (json: JSONValue, text: String, isRedacted: Bool) {
    do {
      let plain = try JSONValue.of(state)
      let redacted = try redaction.apply(to: plain)
      return (redacted, redacted.text, redacted != plain)
    } catch {
      throw .encodingFailed("\(error)")
    }
  }

  private static func restoreReason(_ skipped: [String]) -> String {
    guard !skipped.isEmpty else {
      return "The state recorded before the next updater: what changed it was not recorded (paused, dropped or time travel)."
    }
    var counts: [(type: String, count: Int)] = []
    for type in skipped {
      if let index = counts.firstIndex(where: { $0.type == type }) { counts[index].count += 1 } else { counts.append((type, 1)) }
    }
    let list = counts.map { $0.count > 1 ? "\($0.count) × \($0.type)" : $0.type }.joined(separator: ", ")
    return "The state recorded after \(list), not replayed."
  }

  /// Whether `item` is one of ``History``'s requests (undo, redo, jump) for this state type,
  /// which its interceptor replaces with a ``RestoreState``.
  static func isHistoryRequest(_ item: any Dispatchable) -> Bool {
    item is History<S>.Undo || item is History<S>.Redo || item is History<S>.Jump
  }

  /// Whether Swift source can name `type` as `String(reflecting:)` spells it: a private or local
  /// type is spelled with a parenthesised context.
  static func isNameable(_ type: String) -> Bool {
    !type.contains("(")
  }

  /// The modules a type name spelled by `String(reflecting:)` mentions (`KatanaPersistence` and
  /// `TodosCore` in `KatanaPersistence.RestoreState<TodosCore.TodosState>`), without `Swift`.
  static func modules(in type: String) -> Set<String> {
    var modules = Set<String>()
    for token in type.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) {
      guard token.contains("."), let module = token.split(separator: ".").first, module != "Swift" else { continue }
      modules.insert(String(module))
    }
    return modules
  }
}

extension DevToolsRecorder {
  /// The page's *Export test*: the test as ``DevTools/exportTest(named:)`` writes it by default.
  func exportTest() throws(DevToolsCommandError) -> String {
    do {
      return try exportTest(named: "recordedSession")
    } catch {
      throw .exportTestFailed(error.description)
    }
  }
}
