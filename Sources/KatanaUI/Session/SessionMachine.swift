import Katana

/// What a ``SessionStore`` guards with its lock: the page's fields, its listeners and the changes
/// waiting to be delivered to them.
struct SessionMachine<S: Katana.State>: Sendable {
  /// A state holding the page's fields now (its other fields are unused). Changed only by the
  /// session's updaters, under the shared store's lock.
  var page: S
  /// A state holding the page's fields as the listeners last heard them: a shared change is told
  /// as (shared old with these, shared new with ``page``), so each page change reaches the
  /// listeners once, with the first shared change after it (its own updater's, or an earlier one).
  private var deliveredPage: S
  /// Changes computed but not yet delivered, oldest first.
  private var pending: [(S, S)] = []
  private(set) var isClosed = false
  private var listeners: [(id: UInt64, listener: StoreListener<S>)] = []
  private var nextListenerID: UInt64 = 0
  /// A thread is calling listeners; others leave their changes in ``pending`` to it.
  private var isDelivering = false

  init(page: S) {
    self.page = page
    deliveredPage = page
  }

  /// Adds a listener; returns its id for ``remove(_:)``. A closed session keeps none.
  mutating func add(_ listener: @escaping StoreListener<S>) -> UInt64 {
    nextListenerID += 1
    if !isClosed { listeners.append((nextListenerID, listener)) }
    return nextListenerID
  }

  mutating func remove(_ id: UInt64) {
    listeners.removeAll { $0.id == id }
  }

  mutating func close() {
    isClosed = true
    listeners = []
    pending = []
  }

  /// Queues the shared store's change from `old` to `new` for the listeners, composed with the
  /// page's fields as they were last told and as they are now.
  mutating func sharedChanged(from old: S, to new: S, scope: SessionScope<S>) {
    guard !isClosed else { return }
    var composedOld = old
    var composedNew = new
    scope.overlay(&composedOld, deliveredPage)
    scope.overlay(&composedNew, page)
    deliveredPage = page
    pending.append((composedOld, composedNew))
  }

  /// The waiting changes and the listeners to call with them, making the caller the deliverer;
  /// `nil` when there is nothing to deliver or another thread is delivering (it will deliver
  /// these too).
  mutating func beginDelivery() -> (changes: [(S, S)], listeners: [StoreListener<S>])? {
    guard !isDelivering else { return nil }
    guard let batch = takePending() else { return nil }
    isDelivering = true
    return batch
  }

  /// For the deliverer after each round: the changes that arrived meanwhile, or `nil` (and the
  /// delivery ends) when there are none.
  mutating func continueDelivery() -> (changes: [(S, S)], listeners: [StoreListener<S>])? {
    guard let batch = takePending() else {
      isDelivering = false
      return nil
    }
    return batch
  }

  private mutating func takePending() -> (changes: [(S, S)], listeners: [StoreListener<S>])? {
    guard !pending.isEmpty, !isClosed else { return nil }
    defer { pending = [] }
    return (pending, listeners.map(\.listener))
  }
}
