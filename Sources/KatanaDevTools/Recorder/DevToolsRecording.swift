import DequeModule
public import Katana
import KatanaSupport

/// The recording itself: the ring buffer, the ids, and the store's state around each updater.
///
/// This is the hot path, run for every handled item, so it is not generic (see
/// ``RecordedItem``) and does only what cannot be done later: one lock round trip per item (two
/// for a side effect, whose id must exist while its body dispatches). An updater's state is read
/// by DevTools' interceptor, compiled in the app's module for its state type.
///
/// Threading: every method is safe from any thread. Lock order: this lock may be held while
/// `readState` checks the store is alive (which takes the store's lock); the store never calls
/// the recording while holding its own lock, so the two cannot deadlock.
@usableFromInline
final class DevToolsRecording: Sendable {
  struct Storage: Sendable {
    var items = Deque<RecordedItem>()
    var nextID = 1
    var nextSequence = 1
    var dropped = 0
    var paused = false
    var travelingTo: Int?
    /// Reads the attached store's state (`nil` once the store is gone).
    var readState: (@Sendable () -> (any Sendable)?)?
    var dispatch: (@Sendable (any Dispatchable) -> Void)?
    /// Whether ``bind(readState:dispatch:)`` gave the store's weak closures.
    var isBound = false
    /// The state after the last updater the store applied, DevTools' own jumps included (each
    /// recorded state is a ``RecordedState`` of the store's state type).
    var latestState: (any Sendable)?
    /// The state after the last updater of the app (not a DevTools jump): where "resume live" goes.
    var latestAppState: (any Sendable)?
    var observers: [Int: AsyncStream<Void>.Continuation] = [:]
    var nextObserver = 0
  }

  let capacity: Int
  /// The type of DevTools' own jump updater, left out of the list.
  private let jumpType: ObjectIdentifier
  let storage = LockedValue(Storage())
  /// Whether each item type seen is a state updater: a conformance check costs more than the
  /// rest of recording, so it is made once per type.
  private let updaterTypes = LockedValue<[ObjectIdentifier: Bool]>([:])

  init(capacity: Int, jumpType: any Any.Type) {
    self.capacity = max(1, capacity)
    self.jumpType = ObjectIdentifier(jumpType)
  }

  deinit {
    for observer in storage.withLock({ $0.observers.values }) { observer.finish() }
  }

  // MARK: Attaching

  /// Connects the recording to its store through the interceptor's context, when the store
  /// initialises its interceptors, before it handles any item.
  ///
  /// The context holds the store's core strongly and the core holds the recording (through the
  /// instrumentation), so these closures would keep both alive forever; ``bind(readState:dispatch:)``
  /// replaces them with ones holding the store weakly as soon as the store exists. A store that
  /// was bound first keeps its weak closures.
  @usableFromInline
  func attach(
    initialState: any Sendable, readState: @escaping @Sendable () -> (any Sendable)?,
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

  /// Connects the recording to the store itself, held weakly (see ``attach(initialState:readState:dispatch:)``).
  @usableFromInline
  func bind(
    readState: @escaping @Sendable () -> (any Sendable)?, dispatch: @escaping @Sendable (any Dispatchable) -> Void
  ) {
    storage.withLock { storage in
      storage.isBound = true
      storage.readState = readState
      storage.dispatch = dispatch
    }
  }

  // MARK: Recording

  /// Whether `item` is a state updater (the interceptor records those, and lets side effects
  /// through to the instrumentation); decided once per type.
  @usableFromInline
  func isUpdater(_ item: any Dispatchable) -> Bool {
    let key = ObjectIdentifier(type(of: item))
    if let known = updaterTypes.withLock({ $0[key] }) { return known }
    let isUpdater = item is any StateUpdater
    updaterTypes.withLock { $0[key] = isUpdater }
    return isUpdater
  }

  /// A side effect starts: it gets its id now, so that the items its body dispatches name it.
  func sideEffectBegins() -> Int {
    storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
  }

  /// A side effect finished.
  func sideEffectEnded(_ event: DispatchEvent, id: Int, start: UInt64, outcome: DispatchOutcome) {
    let end = MonotonicTime.now()
    let error: (any Error)?
    if case .failed(let failure) = outcome { error = failure } else { error = nil }
    let (seconds, attoseconds) = event.queueWait.components
    let queueWait = seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    record(
      id: id, item: event.item, kind: event.kind, parentToken: event.parent, queueWait: queueWait,
      duration: end >= start ? end - start : 0, end: end, error: error, after: nil, isJump: false)
  }

  /// An updater went through the store's interceptors (DevTools' interceptor is the outermost):
  /// `after` is the state right after it, read while its chain still held the store's updaters.
  ///
  /// - Parameters:
  ///   - queueWait: nanoseconds it waited in the store's queue (0 when it ran inline).
  ///   - parentToken: the instrumentation token of the side effect that dispatched it.
  @usableFromInline
  func updaterHandled(
    _ item: any Dispatchable, queueWait: Int64, parentToken: (any Sendable)?, start: UInt64,
    error: (any Error)?, after: any Sendable, isJump: Bool
  ) {
    let end = MonotonicTime.now()
    record(
      id: 0, item: item, kind: .stateUpdater, parentToken: parentToken, queueWait: queueWait,
      duration: end >= start ? end - start : 0, end: end, error: error, after: after, isJump: isJump)
  }

  /// Appends one record (or, for an updater, at least remembers the state it left).
  private func record(
    id givenID: Int, item: any Dispatchable, kind: DispatchKind, parentToken: (any Sendable)?, queueWait: Int64,
    duration: UInt64, end: UInt64, error: (any Error)?, after: (any Sendable)?, isJump: Bool
  ) {
    let parent = parentToken.flatMap { InstrumentationToken.from($0)?.id }
    let observers = storage.withLock { storage -> [AsyncStream<Void>.Continuation]? in
      var before: (any Sendable)?
      if let after {
        before = storage.latestState ?? after
        storage.latestState = after
        // DevTools' own moves set the state but are not the app's items.
        if isJump { return nil }
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
          id: id, sequence: storage.nextSequence, item: item, kind: kind, parent: parent, queueWait: queueWait,
          duration: duration, end: end, error: error, before: before, after: after))
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
