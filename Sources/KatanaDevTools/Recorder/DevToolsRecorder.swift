import DequeModule
import Foundation
import Katana
import KatanaPersistence
import KatanaSupport

/// Keeps the last handled items of one store in a ring buffer and answers the page's questions
/// about them.
///
/// Recording is the hot path and does only what cannot be done later: one lock round trip per
/// item (two for a side effect, whose id must exist while its body dispatches), plus, for an
/// updater, a read of the store's state. The state is kept as the value it is (a copy of a value
/// type, sharing its storage), never encoded: names, JSON, diffs and the wall-clock time are made
/// when the page asks.
///
/// Threading: every method is safe from any thread. Lock order: the recorder's lock may be held
/// while reading the store's state (which takes the store's lock); the store never calls the
/// recorder while holding its own lock, so the two cannot deadlock.
final class DevToolsRecorder<S: State & Codable>: DevToolsSource, Sendable {
  let capacity: Int
  let registry: JournalRegistry<S>
  private let names = TypeNameCache()
  /// Turns recorder instants into wall-clock time for the page.
  private let origin = (instant: ContinuousClock.now, date: Date())
  private let storage = LockedValue(Storage())

  private struct Storage {
    var items = Deque<RecordedItem<S>>()
    var nextID = 1
    var nextSequence = 1
    var dropped = 0
    var paused = false
    var travelingTo: Int?
    /// Reads the attached store's state; set when the store initialises its interceptors.
    var readState: (@Sendable () -> S?)?
    /// Whether ``bind(readState:dispatch:)`` gave the weak closures.
    var isBound = false
    var dispatch: (@Sendable (any Dispatchable) -> Void)?
    /// The state after the last updater the store applied, DevTools' own jumps included.
    var latestState: S?
    /// The state after the last updater of the app (not a DevTools jump): where "resume live" goes.
    var latestAppState: S?
    var observers: [Int: AsyncStream<Void>.Continuation] = [:]
    var nextObserver = 0
  }

  init(capacity: Int, registry: JournalRegistry<S>) {
    self.capacity = max(1, capacity)
    self.registry = registry
  }

  deinit {
    for observer in storage.withLock({ $0.observers.values }) { observer.finish() }
  }

  // MARK: Attaching

  /// Connects the recorder to its store through the interceptor's context, when the store
  /// initialises its interceptors, before it handles any item.
  ///
  /// The context holds the store's core strongly and the core holds the recorder (through the
  /// instrumentation), so these closures would keep both alive forever; ``bind(readState:dispatch:)``
  /// replaces them with ones holding the store weakly as soon as the store exists. A store that
  /// was bound first keeps its weak closures.
  func attach(
    initialState: S, readState: @escaping @Sendable () -> S,
    dispatch: @escaping @Sendable (any Dispatchable) -> Void
  ) {
    storage.withLock { storage in
      if storage.latestState == nil {
        storage.latestState = initialState
        storage.latestAppState = initialState
      }
      guard !storage.isBound else { return }
      storage.readState = readState
      storage.dispatch = dispatch
    }
  }

  /// Connects the recorder to the store itself, held weakly (see ``attach(initialState:readState:dispatch:)``).
  func bind(readState: @escaping @Sendable () -> S?, dispatch: @escaping @Sendable (any Dispatchable) -> Void) {
    storage.withLock { storage in
      storage.isBound = true
      storage.readState = readState
      storage.dispatch = dispatch
    }
  }

  // MARK: Recording (the hot path)

  /// A side effect starts: it gets its id now, so that the items its body dispatches name it.
  func sideEffectBegins() -> Int {
    storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
  }

  /// An item finished. For an updater the store's chain is still this thread's, so the state
  /// read now is exactly the state after it.
  func itemEnded(
    _ event: DispatchEvent, id givenID: Int, start: ContinuousClock.Instant, outcome: DispatchOutcome
  ) {
    let end = ContinuousClock.now
    let parent = InstrumentationToken.from(event.parent)?.id
    let error: (any Error)? =
      switch outcome {
      case .completed: nil
      case .failed(let error): error
      }
    let observers = storage.withLock { storage -> [AsyncStream<Void>.Continuation]? in
      var states: (before: S, after: S)?
      if event.kind == .stateUpdater, let after = storage.readState?() {
        states = (storage.latestState ?? after, after)
        storage.latestState = after
        // DevTools' own moves set the state but are not the app's items.
        if type(of: event.item) == DevToolsJump<S>.self { return nil }
        storage.latestAppState = after
      }
      guard !storage.paused else { return nil }
      let id: Int
      if givenID > 0 {
        id = givenID
      } else {
        id = storage.nextID
        storage.nextID += 1
      }
      if storage.items.count >= capacity {
        storage.items.removeFirst()
        storage.dropped += 1
      }
      storage.items.append(
        RecordedItem(
          id: id, sequence: storage.nextSequence, item: event.item, kind: event.kind, parent: parent,
          queueWait: event.queueWait, duration: end - start, end: end, error: error, states: states))
      storage.nextSequence += 1
      return storage.observers.isEmpty ? nil : Array(storage.observers.values)
    }
    if let observers {
      for observer in observers { observer.yield() }
    }
  }

  // MARK: DevToolsSource

  func items(after sequence: Int, limit: Int) -> (items: [DevToolsItemSummary], status: DevToolsStatus) {
    let (records, status) = storage.withLock { storage -> ([RecordedItem<S>], DevToolsStatus) in
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
    do {
      return JSONDiff.changes(from: try JSONValue.of(states.before), to: try JSONValue.of(states.after))
    } catch {
      throw .encodingFailed("\(error)")
    }
  }

  func stateJSON(at id: Int) throws(DevToolsCommandError) -> Data {
    let state = try state(at: id)
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
    let dispatch = try storage.withLock { storage throws(DevToolsCommandError) in
      guard let dispatch = storage.dispatch else { throw .notAttached }
      storage.travelingTo = id
      return dispatch
    }
    dispatch(DevToolsJump(state: state))
    signal()
  }

  func resumeLive() throws(DevToolsCommandError) {
    let (state, dispatch) = try storage.withLock { storage throws(DevToolsCommandError) in
      guard let dispatch = storage.dispatch, let live = storage.latestAppState else { throw .notAttached }
      storage.travelingTo = nil
      return (live, dispatch)
    }
    dispatch(DevToolsJump(state: state))
    signal()
  }

  func setPaused(_ paused: Bool) {
    storage.withLock { $0.paused = paused }
    signal()
  }

  func exportSession() throws(DevToolsCommandError) -> Data {
    let (records, latest) = storage.withLock { ($0.items, $0.latestState) }
    let updaters = records.compactMap { record in record.states.map { (record, $0) } }
    guard let initialState = updaters.first?.1.before ?? latest else { throw .notAttached }
    var journal = ""
    var skipped: [String] = []
    var sequence = 0
    for (record, _) in updaters where record.error == nil {
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
    let file = SessionFile(
      format: DevToolsSession<S>.format, version: DevToolsSession<S>.version,
      stateType: DevToolsSession<S>.stateTypeName, initialState: initialState, journal: journal,
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
      session = try DevToolsSession(data: data, registry: registry)
    } catch {
      throw .invalidSession(error.description)
    }
    let dispatch = try storage.withLock { storage throws(DevToolsCommandError) in
      guard let dispatch = storage.dispatch else { throw .notAttached }
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
    signal()
    return session.entries.count
  }

  func changes() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let key = storage.withLock { storage in
      defer { storage.nextObserver += 1 }
      storage.observers[storage.nextObserver] = continuation
      return storage.nextObserver
    }
    continuation.onTermination = { [weak self] _ in
      self?.storage.withLock { _ = $0.observers.removeValue(forKey: key) }
    }
    return stream
  }

  /// Whether a page is connected (someone holds a ``changes()`` stream).
  var isObserved: Bool { storage.withLock { !$0.observers.isEmpty } }

  // MARK: Helpers

  private func signal() {
    for observer in storage.withLock({ Array($0.observers.values) }) { observer.yield() }
  }

  private func status(of storage: Storage) -> DevToolsStatus {
    DevToolsStatus(
      capacity: capacity, dropped: storage.dropped, latestSequence: storage.nextSequence - 1,
      paused: storage.paused, travelingTo: storage.travelingTo)
  }

  private func record(_ id: Int) throws(DevToolsCommandError) -> RecordedItem<S> {
    guard let record = storage.withLock({ $0.items.first { $0.id == id } }) else { throw .unknownItem(id) }
    return record
  }

  /// The state right after item `id`: an updater's own; for a side effect, the state after the
  /// last updater recorded before it (or before the first one after it).
  private func state(at id: Int) throws(DevToolsCommandError) -> S {
    let found = storage.withLock { storage -> (found: Bool, state: S?) in
      guard let index = storage.items.firstIndex(where: { $0.id == id }) else { return (false, nil) }
      if let before = storage.items[...index].last(where: { $0.states != nil }) { return (true, before.states?.after) }
      if let after = storage.items[index...].first(where: { $0.states != nil }) { return (true, after.states?.before) }
      return (true, storage.latestState)
    }
    guard found.found else { throw .unknownItem(id) }
    guard let state = found.state else { throw .notAttached }
    return state
  }

  private func summary(of record: RecordedItem<S>) -> DevToolsItemSummary {
    DevToolsItemSummary(
      id: record.id, sequence: record.sequence, type: names.name(of: type(of: record.item)),
      kind: Self.kindName(record.kind), parent: record.parent,
      waitMicroseconds: Self.microseconds(record.queueWait), durationMicroseconds: Self.microseconds(record.duration),
      error: record.error.map { String(describing: $0) },
      changedState: record.states.map { Self.differ($0.before, $0.after) } ?? false,
      time: wallTime(of: record.end))
  }

  private func wallTime(of instant: ContinuousClock.Instant) -> Double {
    origin.date.timeIntervalSince1970 + Self.seconds(instant - origin.instant)
  }

  static func kindName(_ kind: DispatchKind) -> String {
    switch kind {
    case .stateUpdater: "updater"
    case .sideEffect: "sideEffect"
    case .returningSideEffect: "returning"
    }
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  static func microseconds(_ duration: Duration) -> Double {
    (seconds(duration) * 1e7).rounded() / 10
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
