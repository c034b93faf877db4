public import Katana
import KatanaSupport

/// The recording itself: the ring buffer, the ids, and the store's state around each updater.
///
/// This is the hot path, run for every handled item, so it is not generic (see
/// ``RecordedItem``) and does only what cannot be done later: one lock round trip per item (two
/// for a side effect, whose id must exist while its body dispatches). An updater's states come
/// from the store through the instrumentation seam (``DispatchInstrumentation/updaterDidEnd(_:token:outcome:change:)``).
///
/// Threading: every method is safe from any thread. Lock order: this lock may be held while
/// `readState` checks the store is alive (which takes the store's lock); the store never calls
/// the recording while holding its own lock, so the two cannot deadlock.
@usableFromInline
final class DevToolsRecording: Sendable {
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
    /// The change of the last updater the store applied, DevTools' own jumps included: its
    /// `after` is the store's latest state.
    var latestState: (any AnyStateChange)?
    /// Where "resume live" goes: the state after the last updater of the app (not a DevTools
    /// jump), or, when the first change was a jump, the state before it.
    var latestAppState: (change: any AnyStateChange, isBefore: Bool)?
    /// The ``StateChange/sequence`` of `latestState`: updaters applied on different threads may
    /// be reported out of order, and only a later one replaces it.
    var latestSequence: UInt64 = 0
    var observers: [Int: AsyncStream<Void>.Continuation] = [:]
    var nextObserver = 0
  }

  let capacity: Int
  /// The type of DevTools' own jump updater, left out of the list.
  private let jumpType: ObjectIdentifier
  let storage: LockedValue<Storage>

  init(capacity: Int, jumpType: any Any.Type) {
    self.capacity = max(1, capacity)
    self.jumpType = ObjectIdentifier(jumpType)
    storage = LockedValue(Storage(items: RecordRing(capacity: capacity)))
  }

  deinit {
    for observer in storage.withLock({ $0.observers.values }) { observer.finish() }
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

  /// A side effect starts: it gets its id now, so that the items its body dispatches name it.
  func sideEffectBegins() -> Int {
    storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
  }

  /// A side effect finished.
  func sideEffectEnded(_ event: DispatchEvent, id: Int, start: UInt64, outcome: DispatchOutcome) {
    record(id: id, event: event, start: start, outcome: outcome, states: nil)
  }

  /// An updater was handled; `change` holds the states around it.
  func updaterHandled(_ event: DispatchEvent, start: UInt64, outcome: DispatchOutcome, change: (any AnyStateChange)?) {
    record(id: 0, event: event, start: start, outcome: outcome, states: change)
  }

  /// Appends one record (or, for a DevTools jump, only remembers the state it left).
  private func record(
    id givenID: Int, event: DispatchEvent, start: UInt64, outcome: DispatchOutcome, states: (any AnyStateChange)?
  ) {
    let end = MonotonicTime.now()
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
    let parent = event.parent.flatMap { InstrumentationToken.from($0)?.id }.flatMap { $0 > 0 ? $0 : nil }
    let isJump = event.kind == .stateUpdater && ObjectIdentifier(type(of: event.item)) == jumpType
    let observers = storage.withLock { storage -> [AsyncStream<Void>.Continuation]? in
      if let states, states.sequence >= storage.latestSequence {
        if storage.latestAppState == nil, isJump {
          // The first change is DevTools' own: the app's state is the one before it.
          storage.latestAppState = (states, true)
        }
        storage.latestSequence = states.sequence
        storage.latestState = states
        if !isJump { storage.latestAppState = (states, false) }
      }
      // DevTools' own moves set the state but are not the app's items.
      if isJump {
        return nil
      }
      guard !storage.paused else { return nil }
      let id: Int
      if givenID > 0 {
        id = givenID
      } else {
        id = storage.nextID
        storage.nextID += 1
      }
      let dropped = storage.items.append(
        RecordedItem(
          id: id, sequence: storage.nextSequence, item: event.item, kind: event.kind, parent: parent,
          queueWait: queueWait, duration: end >= start ? end - start : 0, end: end, error: error,
          callSite: event.callSite, states: states))
      if dropped { storage.dropped += 1 }
      storage.nextSequence += 1
      return storage.observers.isEmpty ? nil : Array(storage.observers.values)
    }
    if let observers {
      for observer in observers { observer.yield() }
    }
  }

  // MARK: Observers

  /// A stream of conflated change signals; see ``DevToolsSource/changes()``.
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

  /// Tells every observer something changed.
  func signal() {
    for observer in storage.withLock({ Array($0.observers.values) }) { observer.yield() }
  }
}
