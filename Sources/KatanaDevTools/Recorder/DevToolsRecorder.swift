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
  /// The states around the recorded updaters, beside the recording's ring.
  let slots: StateSlots<S>
  let registry: JournalRegistry<S>
  /// Applied to every state before it is sent or exported.
  let redaction: DevToolsRedaction
  private let names = TypeNameCache()
  /// The call sites an imported flight recording kept, shown on the updaters it replays.
  let importedCallSites = ImportedCallSites()
  /// Turns recorder instants into wall-clock time for the page.
  private let origin = (nanoseconds: MonotonicClock.now(), date: Date())

  init(capacity: Int, registry: JournalRegistry<S>, redaction: DevToolsRedaction = .none) {
    let slots = StateSlots<S>(capacity: capacity)
    slots.makeJournalDrain = { [unowned slots] journal in JournalDrain(journal: journal, slots: slots) }
    self.slots = slots
    recording = DevToolsRecording(capacity: capacity, jumpType: DevToolsJump<S>.self, slots: slots)
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
    let (records, status) = recording.storage.withLock { storage -> ([Entry], DevToolsStatus) in
      // Sequences are consecutive in the buffer, so the first wanted one is found by arithmetic.
      let firstSequence = storage.items.first?.sequence ?? storage.nextSequence
      let start = max(0, sequence + 1 - firstSequence)
      let count = storage.items.count
      let from = max(start, count - max(0, limit))
      return (entries(storage, from..<max(from, count)), self.status(of: storage))
    }
    return (records.map(summary(of:)), status)
  }

  func diff(of id: Int) throws(DevToolsCommandError) -> [DevToolsChange] {
    let entry = try entry(id)
    guard let change = entry.states else { throw .notAnUpdater(id) }
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
      guard let latest = latestAppState(storage) else { throw .notAttached }
      storage.travelingTo = nil
      return (latest, dispatch)
    }
    dispatch(DevToolsJump(state: live))
    recording.signal()
  }

  func setPaused(_ paused: Bool) {
    recording.storage.withLock { $0.paused = paused }
    recording.signal()
  }

  func exportSession() throws(DevToolsCommandError) -> Data {
    let (records, latest) = recording.storage.withLock { storage -> ([Entry], S?) in
      (entries(storage), latestState(storage))
    }
    // In the order the store applied them, which is the list's order unless updaters applied on
    // different threads were reported the other way round.
    let updaters = records.enumerated()
      .compactMap { offset, entry in
        entry.states.map { (offset: offset, record: entry.record, states: $0) }
      }
      .sorted { ($0.states.sequence, $0.offset) < ($1.states.sequence, $1.offset) }
    guard let initial = updaters.first?.states.before ?? latest else {
      throw .notAttached
    }
    var journal = ""
    var skipped: [String] = []
    var sequence = 0
    for (_, record, _) in updaters where record.error == nil {
      let item = Self.dispatched(record.item)
      guard let registration = registry.registration(of: item),
        let updater = item as? any StateUpdater
      else {
        let name = names.name(of: type(of: item))
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
      recording.removeAll(&storage)
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
    let records = recording.storage.withLock { entries($0) }
    var ids: [Int] = []
    for entry in records {
      let record = entry.record
      guard let change = entry.states else { continue }
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

  /// A recorded item with the states around it, for an updater whose states were recorded.
  struct Entry {
    let record: RecordedItem
    let states: (before: S, after: S, sequence: UInt64)?
  }

  /// The recorded items in `positions` (all by default) with their states. Call under the
  /// recording's lock (`storage` is its value).
  func entries(_ storage: DevToolsRecording.Storage, _ positions: Range<Int>? = nil) -> [Entry] {
    let positions = positions ?? 0..<storage.items.count
    return positions.map { entry(storage, at: $0) }
  }

  private func entry(_ storage: DevToolsRecording.Storage, at position: Int) -> Entry {
    let record = storage.items[position]
    guard record.hasStates, let states = slots.states(in: storage.items.slot(at: position)) else {
      return Entry(record: record, states: nil)
    }
    return Entry(record: record, states: (states.before, states.after, record.stateSequence))
  }

  /// The store's latest state, read from the store itself (`nil` once it is gone). Call under the
  /// recording's lock.
  func latestState(_ storage: DevToolsRecording.Storage) -> S? {
    // The attached store's state is of type `S`: the cast cannot fail.
    storage.readState?().map { $0 as! S }
  }

  /// Where "resume live" goes: the state after the app's latest updater (or before DevTools'
  /// first jump); `nil` when no updater was reported yet. Call under the recording's lock.
  private func latestAppState(_ storage: DevToolsRecording.Storage) -> S? {
    switch storage.latestApp {
    case .none: return latestState(storage)
    case .slot(let slot): return slots.states(in: slot)?.after
    case .kept: return slots.keptAppState
    }
  }

  private func status(of storage: DevToolsRecording.Storage) -> DevToolsStatus {
    DevToolsStatus(
      capacity: capacity, dropped: storage.dropped, latestSequence: storage.nextSequence - 1,
      paused: storage.paused, travelingTo: storage.travelingTo,
      replayMismatches: storage.replayMismatches > 0 ? storage.replayMismatches : nil)
  }

  private func entry(_ id: Int) throws(DevToolsCommandError) -> Entry {
    let found = recording.storage.withLock { storage -> Entry? in
      storage.items.firstIndex { $0.id == id }.map { entry(storage, at: $0) }
    }
    guard let found else { throw .unknownItem(id) }
    return found
  }

  /// The state right after item `id`: an updater's own; for a side effect, the state after the
  /// last updater recorded before it (or before the first one after it).
  private func state(at id: Int) throws(DevToolsCommandError) -> S {
    let found = recording.storage.withLock { storage -> (found: Bool, state: S?) in
      guard let index = storage.items.firstIndex(where: { $0.id == id }) else { return (false, nil) }
      if let position = storage.items[...index].lastIndex(where: \.hasStates),
        let states = entry(storage, at: position).states
      {
        return (true, states.after)
      }
      if let position = storage.items[index...].firstIndex(where: \.hasStates),
        let states = entry(storage, at: position).states
      {
        return (true, states.before)
      }
      return (true, latestState(storage))
    }
    guard found.found else { throw .unknownItem(id) }
    guard let state = found.state else { throw .notAttached }
    return state
  }

  private func summary(of entry: Entry) -> DevToolsItemSummary {
    let record = entry.record
    return DevToolsItemSummary(
      id: record.id, sequence: record.sequence, type: names.name(of: type(of: Self.dispatched(record.item))),
      kind: Self.kindName(record.kind), parent: record.parent,
      waitMicroseconds: Self.microseconds(record.queueWait),
      durationMicroseconds: record.duration.map { Self.microseconds($0) },
      // A cancelled side effect (cancel in flight, `cancel(id:)`) shows as "cancelled".
      error: record.error.map { $0 is CancellationError ? "cancelled" : String(describing: $0) },
      changedState: entry.states.map { Self.differ($0.before, $0.after) } ?? false,
      time: wallTime(of: record.end),
      callSite: record.callSite.map(Self.callSite(of:)) ?? importedCallSites.site(of: record, registry: registry))
  }

  /// The item as the app dispatched it: the updater a UI session routed
  /// (``/Katana/RoutedUpdater``, a browser page's updater applied with its fields) is shown,
  /// exported and replayed as the page's own updater. Looked through when the page asks, not when
  /// the item is recorded, so recording pays nothing for it.
  static func dispatched(_ item: any Dispatchable) -> any Dispatchable {
    unrouted(item)
  }

  /// A call site in the page's shape; the strings are made here, when the page asks.
  static func callSite(of site: DispatchCallSite) -> DevToolsCallSite {
    DevToolsCallSite(file: "\(site.fileID)", line: Int(site.line), function: "\(site.function)", session: site.session)
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
