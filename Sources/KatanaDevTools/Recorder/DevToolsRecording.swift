import DequeModule
public import Katana
import KatanaSupport

/// The recording itself: the ring buffer, the ids, and the store's state around each updater.
///
/// This is the hot path, run for every handled item, so it is not generic (see
/// ``RecordedItem``) and does only what cannot be done later: one lock round trip per item (two
/// for a side effect, whose id must exist while its body dispatches) and, for an updater, a read
/// of the store's state through a closure compiled in the app's module.
///
/// Threading: every method is safe from any thread. Lock order: this lock may be held while the
/// state is read (which takes the store's lock); the store never calls the recording while
/// holding its own lock, so the two cannot deadlock.
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
    /// The state after the last updater the store applied, DevTools' own jumps included.
    var latestState: (any Sendable)?
    /// The state after the last updater of the app (not a DevTools jump): where "resume live" goes.
    var latestAppState: (any Sendable)?
    var observers: [Int: AsyncStream<Void>.Continuation] = [:]
    var nextObserver = 0
    /// When the updater being handled began (see ``DevToolsInstrumentation``).
    var updaterStart: UInt64 = 0
  }

  let capacity: Int
  /// The type of DevTools' own jump updater, left out of the list.
  private let jumpType: ObjectIdentifier
  let storage = LockedValue(Storage())

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

  /// A side effect starts: it gets its id now, so that the items its body dispatches name it.
  func sideEffectBegins() -> Int {
    storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
  }

  /// An updater starts; the store's updater chains run one at a time, so one slot holds it.
  func updaterBegins() {
    let now = MonotonicTime.now()
    storage.withLock { $0.updaterStart = now }
  }

  /// An item finished (`start` is `nil` for an updater begun with ``updaterBegins()``). For an updater the store's chain is still this thread's, so the state
  /// read now is exactly the state after it.
  func itemEnded(
    _ event: DispatchEvent, id givenID: Int, start givenStart: UInt64?, outcome: DispatchOutcome
  ) {
    let end = MonotonicTime.now()
    let (seconds, attoseconds) = event.queueWait.components
    let queueWait = seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    let parent = event.parent.flatMap { InstrumentationToken.from($0)?.id }
    let error: (any Error)?
    if case .failed(let failure) = outcome { error = failure } else { error = nil }
    let isJump = event.kind == .stateUpdater && ObjectIdentifier(type(of: event.item)) == jumpType
    let observers = storage.withLock { storage -> [AsyncStream<Void>.Continuation]? in
      var states: (before: any Sendable, after: any Sendable)?
      if event.kind == .stateUpdater, let after = storage.readState?() {
        states = (storage.latestState ?? after, after)
        storage.latestState = after
        // DevTools' own moves set the state but are not the app's items.
        if isJump { return nil }
        storage.latestAppState = after
      }
      guard !storage.paused else { return nil }
      let start = givenStart ?? storage.updaterStart
      let duration = start > 0 && start <= end ? end - start : 0
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
          queueWait: queueWait, duration: duration, end: end, error: error, states: states))
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
