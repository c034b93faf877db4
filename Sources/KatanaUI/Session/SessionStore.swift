public import Katana
import KatanaSupport

/// One page's view of a shared store: the shared state with the page's own ``SessionScope``
/// fields laid over it (its route stack, what it is typing), so two browser tabs of one app show
/// their own screens and drafts over the same live data.
///
/// - **Reading.** ``state`` is the shared store's current state with the page's fields in place.
/// - **Dispatching an updater.** Every updater of the state's type goes to the shared store once,
///   wrapped so that the store applies it, under its lock, to the shared state with the page's
///   fields laid over it; the page's fields of the result go back to the page, and the shared
///   store's own copy of them is left as it was. So a ``SessionUpdater`` (a screen opened, a
///   draft typed) changes this page alone, an updater of the shared data (a todo added) changes
///   every page, and one that changes both (a lost game showing its result screen) moves this
///   page only, all applied once and seen by the shared store's interceptors, persistence and
///   DevTools, which look through the wrapper (``/Katana/RoutedUpdater``).
/// - **Call sites.** An item dispatched with a ``/Katana/DispatchCallSite`` (KatanaUI's
///   ``Dispatcher`` gives one, and a side effect's typed `dispatch`) has it marked with
///   ``sessionID``: DevTools shows "page N" beside it.
/// - **Side effects** run on the shared store with this session as their router
///   (``/Katana/DispatchRouting``): their `getState()` sees the page's fields (the draft this page
///   typed), and the updaters they dispatch are routed as the page's own are.
/// - **Listening.** Listeners hear (old, new) composed states after every update of the shared
///   store, in order, one call at a time, outside any lock; a change of the page's fields is in
///   exactly one of those calls (its own update's, or an earlier one's when the shared store
///   tells its listeners of an update after the next was applied).
///
/// A new session starts from the shared store's own copy of its fields, which pages never change:
/// where the app starts (a navigable app at its root screen, or on the screen launch code opened).
/// ``close()`` (or releasing the session) removes its listener from the shared store.
///
/// Threading: safe from any thread. A lock guards the page's fields and listeners; it is taken
/// inside the shared store's lock (when the store applies this page's updater) and never held
/// while calling the store.
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
    machine.withLock { $0.sharedChanged(from: old, to: new, scope: scope) }
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
    if let updater = item as? any StateUpdater, let wrapped = wrap(updater) {
      return shared.anyDispatch(wrapped)
    }
    // Side effects run with this session as their router, so they read this page's fields and
    // the updaters they dispatch move this page (their tasks inherit the task-local).
    return DispatchRouting.$router.withValue(self) { shared.anyDispatch(item) }
  }

  /// Dispatches `item`, marking its call site with ``sessionID``; see ``SessionStore``.
  @discardableResult
  public func anyDispatch(_ item: any Dispatchable, callSite: DispatchCallSite) -> DispatchTask<any Sendable> {
    var site = callSite
    site.session = sessionID
    if let updater = item as? any StateUpdater, let wrapped = wrap(updater) {
      return shared.anyDispatch(wrapped, callSite: site)
    }
    return DispatchRouting.$router.withValue(self) { shared.anyDispatch(item, callSite: site) }
  }

  /// Sends an updater a side effect of this page dispatched to the shared store, wrapped as the
  /// page's own are; `nil` (the store handles it) for an updater of another state type.
  public func route(_ updater: any StateUpdater, callSite: DispatchCallSite?) -> DispatchTask<any Sendable>? {
    guard let wrapped = wrap(updater) else { return nil }
    guard var site = callSite else { return shared.anyDispatch(wrapped) }
    site.session = sessionID
    return shared.anyDispatch(wrapped, callSite: site)
  }

  /// `state` with this page's fields laid over it, for a side effect's `getState()`; `state`
  /// itself when it is not an `S`.
  public func overlay<T: Katana.State>(_ state: T) -> T {
    guard var composed = state as? S else { return state }
    let page = machine.withLock { $0.page }
    scope.overlay(&composed, page)
    // `composed` was made from `state`, a `T`: the cast back cannot fail.
    return composed as? T ?? state
  }

  /// `updater` wrapped to be applied with this page's fields (``SessionRoutedUpdater``); `nil`
  /// for an updater of another state type.
  private func wrap(_ updater: any StateUpdater) -> (any Dispatchable)? {
    func open<T: StateUpdater>(_ updater: T) -> (any Dispatchable)? {
      guard let session = self as? SessionStore<T.StateType> else { return nil }
      return SessionRoutedUpdater(updater: updater, session: session)
    }
    return open(updater)
  }

  /// Applies `updater` to the shared state `shared` with the page's fields laid over it, keeps the
  /// page's fields of the result, and puts the shared copy of those fields back: the store's half
  /// of ``SessionRoutedUpdater``, called under the shared store's lock (this takes the session's
  /// lock inside it, never the other way round).
  ///
  /// A closed session has no page: the updater then sees the shared copy of the fields, and its
  /// changes to them are dropped.
  func apply<T: StateUpdater>(_ updater: T, to shared: inout S) where T.StateType == S {
    let scope = scope
    let page = machine.withLock { $0.isClosed ? nil : $0.page }
    // The shared copy of the page's fields, kept in a page-sized state (only those fields set),
    // so the shared data is neither copied nor held twice while the updater changes it.
    var sharedCopy = page ?? S()
    scope.overlay(&sharedCopy, shared)
    if let page { scope.overlay(&shared, page) }
    updater.updateState(&shared)
    if var newPage = page {
      scope.overlay(&newPage, shared)
      machine.withLock { machine in
        guard !machine.isClosed else { return }
        machine.page = newPage
      }
    }
    scope.overlay(&shared, sharedCopy)
  }
}

/// Numbers the sessions of the process, from 1.
private let sessionNumbers = LockedValue<UInt64>(0)
