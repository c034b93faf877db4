public import Katana
import KatanaSupport

/// One page's view of a shared store: the shared state with the page's own ``SessionScope``
/// fields laid over it (its route stack, say), so two browser tabs of one app show their own
/// screens over the same live data.
///
/// - **Reading.** ``state`` is the shared store's current state with the page's fields in place.
/// - **Listening.** Listeners hear (old, new) composed states whenever the shared state or the
///   page's fields change, in order, one call at a time, outside any lock.
/// - **Dispatching.** A ``SessionUpdater`` is applied here, to the page alone: it never reaches
///   the shared store, so other pages, persistence and DevTools do not see it. Any other item
///   goes to the shared store unchanged, its ``/Katana/DispatchCallSite`` (when the caller gave
///   one, as KatanaUI's ``Dispatcher`` does) marked with ``sessionID``. An updater of the
///   state's type is also applied here to the page's view first, so an updater that changes the
///   list and the page's screen together (ending a game on its result screen) moves this page
///   only; its change to the shared store's own copy of the fields is not shown to any page.
/// - **Side effects** run on the shared store and read its state (where the pages' fields are the
///   shared store's own copy). The updaters they dispatch are routed as the page's own are
///   (``/Katana/DispatchRouting``): a side effect that ends by opening a screen opens it on the
///   page that dispatched it.
///
/// A new session starts from the shared store's own copy of its fields, which pages never change:
/// where the app starts (a navigable app at its root screen, or on the screen launch code opened).
/// ``close()`` (or releasing the session) removes its listener from the shared store.
///
/// Threading: safe from any thread; a lock guards the page's fields and listeners.
public final class SessionStore<S: Katana.State>: PartialStore, AnySessionStore, DispatchRouter, Sendable {
  /// The state type, shared with the shared store.
  public typealias StateType = S

  /// The page's number, unique in the process.
  public let sessionID: UInt64
  private let shared: any AnyStore
  /// The shared store, typed, when it says it is a store of `S` (no cast per update then).
  private let typedShared: (any PartialStore<S>)?
  private let scope: SessionScope<S>
  private let machine: LockedValue<SessionMachine<S>>
  private let sharedSubscription = LockedValue<StoreUnsubscribe?>(nil)

  /// A session on `store`, keeping `scope`'s fields per page.
  ///
  /// - Parameters:
  ///   - store: the shared store; its state must be an `S` (it is read with a cast otherwise,
  ///     which traps on a store of another state type).
  ///   - scope: the page's own fields.
  public init(sharing store: any AnyStore, scope: SessionScope<S>) {
    shared = store
    typedShared = store as? any PartialStore<S>
    self.scope = scope
    sessionID = sessionNumbers.withLock { number in
      number += 1
      return number
    }
    // The page starts from the shared store's own copy of its fields: where the app starts (the
    // root screen, or the one launch code opened), since pages never change that copy. Copied
    // into a fresh `S()` so the session holds none of the shared data.
    var page = S()
    let current: S
    if let typedShared {
      current = typedShared.state
    } else if let state = store.anyState as? S {
      current = state
    } else {
      preconditionFailure("SessionStore<\(S.self)> shares a store of \(type(of: store.anyState))")
    }
    scope.overlay(&page, current)
    machine = LockedValue(SessionMachine(page: page))
    let unsubscribe: StoreUnsubscribe
    if let typedShared {
      unsubscribe = typedShared.addListener { [weak self] old, new in self?.sharedChanged(from: old, to: new) }
    } else {
      unsubscribe = store.addAnyListener { [weak self] old, new in
        guard let old = old as? S, let new = new as? S else { return }
        self?.sharedChanged(from: old, to: new)
      }
    }
    sharedSubscription.withLock { $0 = unsubscribe }
  }

  deinit {
    sharedSubscription.withLock { $0 }?()
  }

  // MARK: Reading

  /// The shared store's current state with the page's fields in place.
  public var state: S {
    var state = sharedState
    machine.withLock { machine in scope.overlay(&state, machine.page) }
    return state
  }

  /// ``state``, type-erased.
  public var anyState: any Katana.State { state }

  /// Whether the shared store is ready.
  public var isReady: Bool { shared.isReady }

  /// Waits for the shared store.
  public func waitUntilReady() async { await shared.waitUntilReady() }

  private var sharedState: S {
    if let typedShared { return typedShared.state }
    guard let state = shared.anyState as? S else {
      preconditionFailure("SessionStore<\(S.self)> shares a store of \(type(of: shared.anyState))")
    }
    return state
  }

  // MARK: Listening

  /// Registers a listener of the composed state; see ``SessionStore`` for when it is called.
  ///
  /// - Returns: a closure that removes the listener; calling it more than once is harmless.
  @discardableResult
  public func addListener(_ listener: @escaping StoreListener<S>) -> StoreUnsubscribe {
    let id = machine.withLock { $0.add(listener) }
    return { [weak self] in self?.machine.withLock { $0.remove(id) } }
  }

  /// Registers a listener of the composed state, type-erased.
  @discardableResult
  public func addAnyListener(_ listener: @escaping AnyStoreListener) -> StoreUnsubscribe {
    addListener { old, new in listener(old, new) }
  }

  /// Stops listening to the shared store and drops every listener; later changes reach no one.
  public func close() {
    machine.withLock { $0.close() }
    sharedSubscription.withLock { subscription in
      let unsubscribe = subscription
      subscription = nil
      return unsubscribe
    }?()
  }

  private func sharedChanged(from old: S, to new: S) {
    let scope = scope
    machine.withLock { machine in
      guard !machine.isClosed else { return }
      var composedOld = old
      var composedNew = new
      scope.overlay(&composedOld, machine.page)
      scope.overlay(&composedNew, machine.page)
      machine.pending.append((composedOld, composedNew))
    }
    deliver()
  }

  /// Calls listeners with the changes waiting, unless another thread already is (it then
  /// delivers these too): one deliverer at a time keeps them in order and never overlapping.
  private func deliver() {
    var batch = machine.withLock { $0.beginDelivery() }
    while let (changes, listeners) = batch {
      for (old, new) in changes {
        for listener in listeners { listener(old, new) }
      }
      batch = machine.withLock { $0.continueDelivery() }
    }
  }

  // MARK: Dispatching

  /// Dispatches `item` without a call site; see ``SessionStore``.
  @discardableResult
  public func anyDispatch(_ item: any Dispatchable) -> DispatchTask<any Sendable> {
    if let updater = item as? any StateUpdater, let task = route(updater) { return task }
    // Side effects run with this session as their router, so the updaters they dispatch move
    // this page (their tasks inherit the task-local).
    return DispatchRouting.$router.withValue(self) { shared.anyDispatch(item) }
  }

  /// Dispatches `item`, marking its call site with ``sessionID``; see ``SessionStore``.
  @discardableResult
  public func anyDispatch(_ item: any Dispatchable, callSite: DispatchCallSite) -> DispatchTask<any Sendable> {
    if let updater = item as? any StateUpdater, let task = route(updater) { return task }
    var site = callSite
    site.session = sessionID
    return DispatchRouting.$router.withValue(self) { shared.anyDispatch(item, callSite: site) }
  }

  /// Applies an updater of `S` to the page's view; returns the handle of a ``SessionUpdater``,
  /// which goes no further, and `nil` for an updater the shared store must apply too. Called for
  /// the updaters this page dispatches and those its side effects dispatch
  /// (``/Katana/DispatchRouting``).
  public func route(_ updater: any StateUpdater) -> DispatchTask<any Sendable>? {
    let isSessionUpdater = updater is any SessionUpdater
    guard isSessionUpdater || !scope.isEmpty else { return nil }
    guard applyToPage(updater) else { return nil }
    deliver()
    return isSessionUpdater ? DispatchTask<any Sendable>.applied(type(of: updater)) : nil
  }

  /// Applies `updater` to the composed state and keeps the page's fields of the result; `false`
  /// when the updater is of another state type.
  private func applyToPage<T: StateUpdater>(_ updater: T) -> Bool {
    guard T.StateType.self == S.self else { return false }
    let current = sharedState
    let scope = scope
    machine.withLock { machine in
      guard !machine.isClosed else { return }
      var old = current
      scope.overlay(&old, machine.page)
      // `T.StateType` is `S` (checked above): the casts are identities.
      guard var updated = old as? T.StateType else { return }
      updater.updateState(&updated)
      guard let new = updated as? S, scope.differs(old, new) else { return }
      scope.overlay(&machine.page, new)
      // Only the page's fields change here; the rest arrives from the shared store.
      var composedNew = old
      scope.overlay(&composedNew, new)
      machine.pending.append((old, composedNew))
    }
    return true
  }
}

/// Numbers the sessions of the process, from 1.
private let sessionNumbers = LockedValue<UInt64>(0)
