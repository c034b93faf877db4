import Foundation
import Katana
import KatanaPersistence
import KatanaSupport

/// Answers the page's questions about what ``DevToolsRecording`` kept for a store of state `S`:
/// summaries, diffs, state trees, time travel, export and import. Everything here runs when the
/// page asks, never while the store handles an item.
///
/// Threading: every method is safe from any thread.
final class DevToolsRecorder<S: State & Codable>: DevToolsSource, Sendable {
  let recording: DevToolsRecording
  let registry: JournalRegistry<S>
  /// Applied to every state before it is sent or exported.
  let redaction: DevToolsRedaction
  private let names = TypeNameCache()
  /// The call sites an imported flight recording kept, shown on the updaters it replays.
  let importedCallSites = ImportedCallSites()
  /// Turns recorder instants into wall-clock time for the page.
  private let origin = (nanoseconds: MonotonicTime.now(), date: Date())

  init(capacity: Int, registry: JournalRegistry<S>, redaction: DevToolsRedaction = .none) {
    recording = DevToolsRecording(capacity: capacity, jumpType: DevToolsJump<S>.self)
    self.registry = registry
    self.redaction = redaction
  }

  /// `state` as JSON, redacted: the only way a state leaves the recorder.
  private func json(_ state: S) throws(DevToolsCommandError) -> JSONValue {
    let value: JSONValue
    do {
      value = try JSONValue.of(state)
    } catch {
      throw .encodingFailed("\(error)")
    }
    return try redaction.apply(to: value)
  }

  var capacity: Int { recording.capacity }

  // MARK: DevToolsSource

  func items(after sequence: Int, limit: Int) -> (items: [DevToolsItemSummary], status: DevToolsStatus) {
    let (records, status) = recording.storage.withLock { storage -> ([RecordedItem], DevToolsStatus) in
      // Sequences are consecutive in the buffer, so the first wanted one is found by arithmetic.
      let firstSequence = storage.items.first?.sequence ?? storage.nextSequence
      let start = max(0, sequence + 1 - firstSequence)
      let count = storage.items.count
      let from = max(start, count - max(0, limit))
      let records = from < count ? Array(storage.items[from..<count]) : []
      return (records, self.status(of: storage))
    }
    return (records.map(summary(of:)), status)
  }

  func diff(of id: Int) throws(DevToolsCommandError) -> [DevToolsChange] {
    let record = try record(id)
    guard let states = record.states else { throw .notAnUpdater(id) }
    let change = Self.change(states)
    return JSONDiff.changes(from: try json(change.before), to: try json(change.after))
  }

  func stateJSON(at id: Int) throws(DevToolsCommandError) -> Data {
    let state = try json(try state(at: id))
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return try encoder.encode(state)
    } catch {
      throw .encodingFailed("\(error)")
    }
  }

  func jump(to id: Int) throws(DevToolsCommandError) {
    let state = try state(at: id)
    let dispatch = try recording.storage.withLock { storage throws(DevToolsCommandError) in
      let dispatch = try Self.liveDispatch(storage)
      storage.travelingTo = id
      return dispatch
    }
    dispatch(DevToolsJump(state: state))
    recording.signal()
  }

  func resumeLive() throws(DevToolsCommandError) {
    let (live, dispatch) = try recording.storage.withLock { storage throws(DevToolsCommandError) in
      let dispatch = try Self.liveDispatch(storage)
      guard let latest = storage.latestAppState else { throw .notAttached }
      let change = Self.change(latest.change)
      storage.travelingTo = nil
      return (latest.isBefore ? change.before : change.after, dispatch)
    }
    dispatch(DevToolsJump(state: live))
    recording.signal()
  }

  func setPaused(_ paused: Bool) {
    recording.storage.withLock { $0.paused = paused }
    recording.signal()
  }

  func exportSession() throws(DevToolsCommandError) -> Data {
    let (records, latest) = recording.storage.withLock { storage -> ([RecordedItem], S?) in
      (Array(storage.items), Self.latest(storage))
    }
    // In the order the store applied them, which is the list's order unless updaters applied on
    // different threads were reported the other way round.
    let updaters = records.enumerated()
      .compactMap { offset, record in
        record.states.map { (offset: offset, record: record, states: Self.change($0)) }
      }
      .sorted { ($0.states.sequence, $0.offset) < ($1.states.sequence, $1.offset) }
    guard let initial = updaters.first?.states.before ?? latest else {
      throw .notAttached
    }
    var journal = ""
    var skipped: [String] = []
    var sequence = 0
    for (_, record, _) in updaters where record.error == nil {
      guard let registration = registry.registration(of: record.item),
        let updater = record.item as? any StateUpdater
      else {
        let name = names.name(of: type(of: record.item))
        if !skipped.contains(name) { skipped.append(name) }
        continue
      }
      sequence += 1
      do {
        let line = try registration.encode(updater, sequence, wallTime(of: record.end))
        journal += String(decoding: line, as: UTF8.self) + "\n"
      } catch {
        throw .encodingFailed("\(registration.name): \(error)")
      }
    }
    // The initial state goes out as redacted JSON, never as the typed state.
    let file = SessionFile(
      format: DevToolsSession<S>.format, version: DevToolsSession<S>.version,
      stateType: DevToolsSession<S>.stateTypeName, initialState: try json(initial), journal: journal,
      skippedTypes: skipped)
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
      return try encoder.encode(file)
    } catch {
      throw .encodingFailed("\(error)")
    }
  }

  func importSession(_ data: Data) throws(DevToolsCommandError) -> Int {
    let session: DevToolsSession<S>
    do {
      session = try DevToolsSession.importing(data, registry: registry)
    } catch {
      throw .invalidSession(error.description)
    }
    let sites = ImportedCallSites.sites(in: data, registry: registry)
    let dispatch = try recording.storage.withLock { storage throws(DevToolsCommandError) in
      let dispatch = try Self.liveDispatch(storage)
      importedCallSites.begin(fromID: storage.nextID, sites: sites)
      // The replay starts a new list; ids and sequences go on, so nothing the page holds is reused.
      storage.dropped = 0
      storage.items.removeAll()
      storage.travelingTo = nil
      return dispatch
    }
    // Updaters are applied in dispatch order, so dispatching them one after the other replays
    // them in order without waiting.
    dispatch(DevToolsJump(state: session.initialState))
    for entry in session.entries { dispatch(entry.item) }
    recording.signal()
    return session.entries.count
  }

  func itemsChanging(path: String) throws(DevToolsCommandError) -> [Int] {
    guard let components = JSONPath(path) else { throw .invalidPath(String(path.prefix(200))) }
    let records = recording.storage.withLock { Array($0.items) }
    var ids: [Int] = []
    for record in records {
      guard let states = record.states else { continue }
      let change = Self.change(states)
      // Equal states change nothing: skip encoding them.
      guard Self.differ(change.before, change.after) else { continue }
      // Compared redacted, so a pin cannot tell a redacted value changed.
      if try json(change.before).value(at: components) != json(change.after).value(at: components) {
        ids.append(record.id)
      }
    }
    return ids
  }

  func changes() -> AsyncStream<Void> {
    recording.changes()
  }

  /// Whether a page is connected (someone holds a ``changes()`` stream).
  var isObserved: Bool { recording.storage.withLock { !$0.observers.isEmpty } }

  // MARK: Helpers

  /// How to dispatch to the attached store, if it is attached and still alive (a released
  /// store's state can no longer be read): a command on a gone store must say so, not vanish.
  private static func liveDispatch(
    _ storage: DevToolsRecording.Storage
  ) throws(DevToolsCommandError) -> @Sendable (any Dispatchable) -> Void {
    guard let dispatch = storage.dispatch, storage.readState?() != nil else { throw .notAttached }
    return dispatch
  }

  /// A recorded change back with its states as `S`. Only the attached store's changes are
  /// recorded here, made by the store for its own state type, so the cast cannot fail.
  private static func change(_ change: any AnyStateChange) -> StateChange<S> {
    change as! StateChange<S>
  }

  /// The store's latest state: after the last recorded change, or read from the store itself when
  /// none was recorded yet.
  private static func latest(_ storage: DevToolsRecording.Storage) -> S? {
    if let latest = storage.latestState { return change(latest).after }
    return storage.readState?().map { $0 as! S }
  }

  private func status(of storage: DevToolsRecording.Storage) -> DevToolsStatus {
    DevToolsStatus(
      capacity: capacity, dropped: storage.dropped, latestSequence: storage.nextSequence - 1,
      paused: storage.paused, travelingTo: storage.travelingTo)
  }

  private func record(_ id: Int) throws(DevToolsCommandError) -> RecordedItem {
    guard let record = recording.storage.withLock({ $0.items.first { $0.id == id } }) else { throw .unknownItem(id) }
    return record
  }

  /// The state right after item `id`: an updater's own; for a side effect, the state after the
  /// last updater recorded before it (or before the first one after it).
  private func state(at id: Int) throws(DevToolsCommandError) -> S {
    let found = recording.storage.withLock { storage -> (found: Bool, state: S?) in
      guard let index = storage.items.firstIndex(where: { $0.id == id }) else { return (false, nil) }
      if let states = storage.items[...index].last(where: { $0.states != nil })?.states {
        return (true, Self.change(states).after)
      }
      if let states = storage.items[index...].first(where: { $0.states != nil })?.states {
        return (true, Self.change(states).before)
      }
      return (true, Self.latest(storage))
    }
    guard found.found else { throw .unknownItem(id) }
    guard let state = found.state else { throw .notAttached }
    return state
  }

  private func summary(of record: RecordedItem) -> DevToolsItemSummary {
    DevToolsItemSummary(
      id: record.id, sequence: record.sequence, type: names.name(of: type(of: record.item)),
      kind: Self.kindName(record.kind), parent: record.parent,
      waitMicroseconds: Self.microseconds(record.queueWait), durationMicroseconds: Self.microseconds(record.duration),
      // A cancelled side effect (cancel in flight, `cancel(id:)`) shows as "cancelled".
      error: record.error.map { $0 is CancellationError ? "cancelled" : String(describing: $0) },
      changedState: record.states.map { states in
        let change = Self.change(states)
        return Self.differ(change.before, change.after)
      } ?? false,
      time: wallTime(of: record.end),
      callSite: record.callSite.map(Self.callSite(of:)) ?? importedCallSites.site(of: record, registry: registry))
  }

  /// A call site in the page's shape; the strings are made here, when the page asks.
  static func callSite(of site: DispatchCallSite) -> DevToolsCallSite {
    DevToolsCallSite(file: "\(site.fileID)", line: Int(site.line), function: "\(site.function)")
  }

  private func wallTime(of nanoseconds: UInt64) -> Double {
    origin.date.timeIntervalSince1970 + (Double(nanoseconds) - Double(origin.nanoseconds)) / 1e9
  }

  static func kindName(_ kind: DispatchKind) -> String {
    switch kind {
    case .stateUpdater: "updater"
    case .sideEffect: "sideEffect"
    case .returningSideEffect: "returning"
    }
  }

  /// Nanoseconds as microseconds, to a tenth.
  static func microseconds<Nanoseconds: BinaryInteger>(_ nanoseconds: Nanoseconds) -> Double {
    (Double(nanoseconds) / 100).rounded() / 10
  }

  /// Whether two states differ: by `==` when the state is `Equatable`, else by their JSON.
  static func differ(_ before: S, _ after: S) -> Bool {
    if let before = before as? any Equatable { return !isEqual(before, after) }
    return (try? JSONValue.of(before)) != (try? JSONValue.of(after))
  }

  private static func isEqual<E: Equatable>(_ value: E, _ other: Any) -> Bool {
    (other as? E) == value
  }
}
