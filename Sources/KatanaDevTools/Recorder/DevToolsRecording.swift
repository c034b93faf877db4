public import Katana
import KatanaSupport

/// The recording itself: the ring buffer, the ids, and where the store's states around each
/// updater are kept.
///
/// This is the hot path, run for every handled item, so it is not generic and keeps no object
/// per item (see ``RecordedItem``): one lock round trip per item (two for a side effect, whose id
/// must exist while its body dispatches), in which the record is moved into its ring slot and the
/// updater's states are assigned into the typed slot of the same index (``StateSlots``, through
/// the `write` closure of DevTools' generic instrumentation). An updater's states come from the
/// store through the instrumentation seam
/// (``DispatchInstrumentation/updaterDidEnd(_:token:outcome:before:after:sequence:)``).
///
/// Time: a side effect is timed with the precise monotonic clock. An updater is timed only while
/// a page is connected (``isTimingUpdaters``); otherwise its end is read from the coarse clock
/// (to a scheduler tick) and it has no duration. A precise read costs about what a whole updater
/// costs in a bare store, and an updater's handling takes microseconds; a page that wants them
/// gets them from the moment it connects.
///
/// Threading: every method is safe from any thread. Lock order: this lock may be held while
/// `readState` checks the store is alive (which takes the store's lock); the store never calls
/// the recording while holding its own lock, so the two cannot deadlock.
@usableFromInline
final class DevToolsRecording: Sendable {
  /// Where the app's latest state is (see ``Storage/latestApp``).
  enum LatestApp: Equatable {
    case none
    /// The state after the updater recorded in this physical slot.
    case slot(Int)
    /// In ``StateSlots/keptAppState``.
    case kept
  }

  /// What the recording asks the typed slots to do with the reported updater's states.
  enum StateWrite {
    /// Its states go in this slot.
    case slot(Int)
    /// Its state before (or after) becomes the kept app state.
    case keepApp(before: Bool)
  }

  struct Storage: Sendable {
    var items: RecordRing
    var nextID = 1
    var nextSequence = 1
    var dropped = 0
    var paused = false
    var travelingTo: Int?
    /// Reads the attached store's state (`nil` once the store is gone).
    var readState: (@Sendable () -> (any Sendable)?)?
    var dispatch: (@Sendable (any Dispatchable) -> Void)?
    /// Where "resume live" goes: the state after the last updater of the app (not a DevTools
    /// jump), or, when the first change was a jump, the state before it.
    var latestApp = LatestApp.none
    /// The ``StateChange/sequence`` of the latest change: updaters applied on different threads
    /// may be reported out of order, and only a later one moves ``latestApp``.
    var latestSequence: UInt64 = 0
    var observers: [Int: AsyncStream<Void>.Continuation] = [:]
    var nextObserver = 0
    /// Moves the store's journaled updaters into the list (``JournalDrain``), when the store
    /// journals them; checked through ``hasJournal`` first (copying the existential retains).
    var journalDrain: (any JournalDraining)?
    var hasJournal = false
    /// How many times states recomputed from journaled updaters differed from the state the
    /// store kept at the same point (an updater that is not a pure function of the state).
    var replayMismatches = 0
  }

  /// The recording's storage; every access first moves the store's journaled updaters into it,
  /// so that every reader and every new record sees them, in order.
  struct DrainingStorage {
    let recording: DevToolsRecording

    func withLock<Result, Failure: Error>(_ body: (inout Storage) throws(Failure) -> Result) throws(Failure)
      -> Result
    {
      try recording.lockedStorage.withLock { (storage: inout Storage) throws(Failure) -> Result in
        if storage.hasJournal, let drain = storage.journalDrain { drain.drain(&storage, into: recording) }
        return try body(&storage)
      }
    }
  }

  let capacity: Int
  /// The type of DevTools' own jump updater, left out of the list.
  private let jumpType: ObjectIdentifier
  let lockedStorage: LockedValue<Storage>
  /// The storage, with the store's journal drained into it first (see ``DrainingStorage``).
  var storage: DrainingStorage { DrainingStorage(recording: self) }
  /// The typed states beside the ring, maintained under ``storage``'s lock.
  let slots: any StateSlotsMaintenance
  /// Whether updaters are timed with the precise clock: a page is connected. Read without the
  /// lock on every updater (a stale answer times one updater more or less).
  private let timing = UpdaterTiming()

  init(capacity: Int, jumpType: any Any.Type, slots: any StateSlotsMaintenance) {
    self.capacity = max(1, capacity)
    self.jumpType = ObjectIdentifier(jumpType)
    self.slots = slots
    lockedStorage = LockedValue(Storage(items: RecordRing(capacity: capacity)))
  }

  deinit {
    for observer in lockedStorage.withLock({ $0.observers.values }) { observer.finish() }
  }

  // MARK: Attaching

  /// Connects the recording to its store, held weakly (the store holds the recording through its
  /// instrumentation).
  @usableFromInline
  func bind(
    readState: @escaping @Sendable () -> (any Sendable)?, dispatch: @escaping @Sendable (any Dispatchable) -> Void
  ) {
    storage.withLock { storage in
      storage.readState = readState
      storage.dispatch = dispatch
    }
  }

  // MARK: Recording

  /// Whether an updater that begins now is timed with the precise clock.
  var isTimingUpdaters: Bool { timing.isOn }

  /// A side effect starts: it gets its id now, so that the items its body dispatches name it.
  func sideEffectBegins() -> Int {
    storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
  }

  /// A side effect finished.
  func sideEffectEnded(_ event: DispatchEvent, id: Int, start: UInt64, outcome: DispatchOutcome) {
    record(id: id, event: event, start: start, outcome: outcome, stateSequence: 0) { _ in }
  }

  /// An updater was handled without states to record (the store could not handle it).
  func updaterHandled(_ event: DispatchEvent, start: UInt64?, outcome: DispatchOutcome) {
    record(id: 0, event: event, start: start, outcome: outcome, stateSequence: 0) { _ in }
  }

  /// Appends one record (or, for a DevTools jump, only remembers the state it left).
  ///
  /// - Parameters:
  ///   - start: when handling began (precise clock); `nil` for an updater that was not timed.
  ///   - stateSequence: the sequence of the updater's change, 0 when there are no states.
  ///   - write: puts the reported states where the recording says, under its lock.
  func record(
    id givenID: Int, event: DispatchEvent, start: UInt64?, outcome: DispatchOutcome, stateSequence: UInt64,
    write: (StateWrite) -> Void
  ) {
    let end = start == nil ? MonotonicClock.coarseNow() : MonotonicClock.now()
    let error: (any Error)?
    if case .failed(let failure) = outcome { error = failure } else { error = nil }
    // Most items did not wait (they ran inline): skip `components`' 128-bit arithmetic for them.
    let queueWait: Int64
    if event.queueWait == .zero {
      queueWait = 0
    } else {
      let (seconds, attoseconds) = event.queueWait.components
      queueWait = seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
    // Until some item can have a parent, `parent` is not read (a copy of an optional existential).
    let parent = InstrumentationScope.mayHaveParents ? Self.parentID(of: event.parent) : nil
    let isJump = event.kind == .stateUpdater && Self.typeIdentifier(of: event.item) == jumpType
    let observers = lockedStorage.withLock { storage -> [AsyncStream<Void>.Continuation]? in
      // The store's journaled updaters go first (see ``DrainingStorage``).
      if storage.hasJournal, let drain = storage.journalDrain { drain.drain(&storage, into: self) }
      return recordLocked(
        &storage, id: givenID, event: event, parent: parent, queueWait: queueWait,
        duration: start.map { end >= $0 ? end - $0 : 0 }, end: end, error: error, stateSequence: stateSequence,
        isJump: isJump, write: write)
    }
    if let observers {
      for observer in observers { observer.yield() }
    }
  }

  /// Records an updater the store journaled (``JournalDrain``), under the lock. Call with the
  /// recording's storage.
  func recordJournaled(
    _ storage: inout Storage, entry: UpdaterJournalEntry, request: (any Dispatchable)?, write: (StateWrite) -> Void
  ) {
    let parent = entry.parent.flatMap { InstrumentationToken.from($0)?.id }.flatMap { $0 > 0 ? $0 : nil }
    let isJump = Self.typeIdentifier(of: entry.item) == jumpType
    // Listed as dispatched (History's `Undo`), replayed as applied (its `RestoreState`).
    let event = DispatchEvent(
      item: request ?? entry.item, kind: .stateUpdater, queueWait: .zero, parent: nil, callSite: entry.callSite)
    _ = recordLocked(
      &storage, id: 0, event: event, parent: parent, queueWait: 0, duration: nil, end: entry.time, error: nil,
      stateSequence: entry.sequence, isJump: isJump, write: write)
  }

  /// The locked part of ``record(id:event:start:outcome:stateSequence:write:)``.
  ///
  /// - Returns: the observers to signal, if any.
  @inline(__always)
  private func recordLocked(
    _ storage: inout Storage, id givenID: Int, event: DispatchEvent, parent: Int?, queueWait: Int64,
    duration: UInt64?, end: UInt64, error: (any Error)?, stateSequence: UInt64, isJump: Bool,
    write: (StateWrite) -> Void
  ) -> [AsyncStream<Void>.Continuation]? {
    var movesApp = false
    if stateSequence != 0, stateSequence >= storage.latestSequence {
      storage.latestSequence = stateSequence
      if isJump {
        if storage.latestApp == .none {
          // The first change is DevTools' own: the app's state is the one before it.
          write(.keepApp(before: true))
          storage.latestApp = .kept
        }
      } else {
        movesApp = true
      }
    }
    // DevTools' own moves set the state but are not the app's items.
    if isJump {
      return nil
    }
    guard !storage.paused else {
      if movesApp {
        write(.keepApp(before: false))
        storage.latestApp = .kept
      }
      return nil
    }
    let id: Int
    if givenID > 0 {
      id = givenID
    } else {
      id = storage.nextID
      storage.nextID += 1
    }
    let slot = storage.items.nextSlot
    if storage.items.nextEvictedHasStates {
      // The slot's states go with its record, unless "resume live" still needs them.
      if storage.latestApp == .slot(slot) {
        slots.keepAppState(fromSlot: slot)
        storage.latestApp = .kept
      }
      if stateSequence == 0 { slots.clear(slot) }
    }
    let dropped = storage.items.append(
      RecordedItem(
        id: id, sequence: storage.nextSequence, item: event.item, kind: event.kind, parent: parent,
        queueWait: queueWait, duration: duration, end: end, error: error, callSite: event.callSite,
        stateSequence: stateSequence))
    if stateSequence != 0 {
      write(.slot(slot))
      if movesApp { storage.latestApp = .slot(slot) }
    }
    if dropped { storage.dropped += 1 }
    storage.nextSequence += 1
    return storage.observers.isEmpty ? nil : Array(storage.observers.values)
  }

  /// The identifier of `item`'s type, read from the opened existential: `type(of:)` on the
  /// existential is a run-time call (it must look inside class instances), and DevTools' jump is a
  /// struct.
  private static func typeIdentifier(of item: any Dispatchable) -> ObjectIdentifier {
    func open<T: Dispatchable>(_: T) -> ObjectIdentifier { ObjectIdentifier(T.self) }
    return open(item)
  }

  /// The id of the side effect that dispatched the item, if DevTools knows it.
  private static func parentID(of parent: (any Sendable)?) -> Int? {
    parent.flatMap { InstrumentationToken.from($0)?.id }.flatMap { $0 > 0 ? $0 : nil }
  }

  /// Empties the list (an import starts a new one); ids and sequences go on.
  func removeAll(_ storage: inout Storage) {
    // "Resume live" keeps working: the app's latest state leaves the slots first.
    if case .slot(let slot) = storage.latestApp {
      slots.keepAppState(fromSlot: slot)
      storage.latestApp = .kept
    }
    storage.dropped = 0
    storage.items.removeAll()
    slots.removeAll()
    storage.travelingTo = nil
  }

  // MARK: Observers

  /// A stream of conflated change signals; see ``DevToolsSource/changes()``.
  func changes() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let key = storage.withLock { storage in
      defer { storage.nextObserver += 1 }
      storage.observers[storage.nextObserver] = continuation
      timing.set(true)
      // A page needs each updater as it ends: the store reports them again.
      storage.journalDrain?.setJournaling(false)
      return storage.nextObserver
    }
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      storage.withLock { storage in
        storage.observers.removeValue(forKey: key)
        timing.set(!storage.observers.isEmpty)
        if storage.observers.isEmpty { storage.journalDrain?.setJournaling(true) }
      }
    }
    return stream
  }

  /// Tells every observer something changed.
  func signal() {
    for observer in storage.withLock({ Array($0.observers.values) }) { observer.yield() }
  }
}
