public import KatanaSupport

/// The store's behaviour: everything a store mutates, and every transition of it.
///
/// The machine is a plain `Sendable` value guarded by the store's one lock (see ``StoreCore``).
/// Each transition is a `mutating` method that runs under the lock, never calls user code except
/// an updater's `updateState` (in ``apply(_:completion:)``), and returns a decision that the
/// caller acts on after letting go of the lock: call listeners, run an interceptor chain, start a
/// task, resume waiters.
///
/// ## Phases
/// `initializing` → `ready` → `released` (or `initializing` → `released`).
/// - `initializing`: the state initializer runs; every dispatched item waits in `held`, in
///   dispatch order. When it has run, held items are handed over in rounds
///   (``readinessRound()``) until none is left; then the machine is `ready`.
/// - `ready`: items are handled as they come.
/// - `released`: the store is gone; every transition reports it, nothing is kept.
///
/// ## Listener delivery
/// An applied update with listeners either makes the applying thread the deliverer
/// (``ApplyStep/deliver(_:_:)``) or, when another thread is delivering, queues a ``Delivery``
/// that the deliverer picks up (``nextDelivery()``). One thread delivers at a time, oldest update
/// first, so calls to a listener never overlap and arrive in update order.
///
/// ## Interceptor chains (stores with interceptors)
/// Updater chains run one at a time. The thread that finds no chain running claims the chain
/// (``claimChain(thread:)``) and runs it inline; items dispatched meanwhile wait in `chainQueue`
/// (``enqueueForChain(_:thread:)``) and the running thread runs them next
/// (``finishChainItem()``). A thread other than the runner that finds `chainQueue` at
/// ``backlogLimit`` waits until it drains to half, so memory stays bounded.
@usableFromInline
struct StoreMachine<S: State, D: SideEffectDependencyContainer>: Sendable {
  @usableFromInline
  enum Phase: Sendable {
    case initializing
    case ready
    case released
  }

  /// How many updaters may wait for the interceptor chain before dispatchers on other threads
  /// wait for it to drain.
  @usableFromInline static var backlogLimit: Int { 1024 }

  @usableFromInline var state: S
  @usableFromInline var phase: Phase = .initializing

  // MARK: Initialisation

  /// Items dispatched before the store was ready, oldest first.
  var held: [HeldItem] = []
  var readinessWaiters: [UnsafeContinuation<Void, Never>] = []
  /// Set right after the store builds its container; dropped on release to break the cycle
  /// store core → container → dispatch closure → store core.
  var dependencies: D?

  // MARK: Listeners

  /// Run once when the store is released. Lets parts of interceptors that a running side effect
  /// may still hold (an observer's notification observers) stop at release, not when the last
  /// task lets go of them.
  var releaseHandlers: [@Sendable () -> Void] = []

  @usableFromInline var listeners: [ListenerEntry<S>] = []
  var nextListenerID: UInt64 = 0
  /// Counts updates applied while listeners existed; orders listeners against updates.
  @usableFromInline var updateCount: UInt64 = 0
  @usableFromInline var deliveries = FIFO<Delivery<S>>()
  @usableFromInline var isDelivering = false

  // MARK: Interceptor chains

  /// The updater chain and the side-effect chain, composed once when the store gets ready.
  @usableFromInline var chains: InterceptorChains?
  /// Whether a thread is running an updater chain (and, after it, the queue).
  @usableFromInline var isRunningChain = false
  /// The thread running the updater chain, when one is.
  @usableFromInline var chainThread: UInt = 0
  /// Updaters waiting for the running chain, in arrival order.
  @usableFromInline var chainQueue = FIFO<QueuedUpdater>()
  /// The change the running chain's applies made, kept for the instrumentation when the store
  /// has one (``recordChange(before:)``, ``takeChange()``); always `nil` without it.
  @usableFromInline var appliedChange: AppliedChange<S>?
  /// Updates applied, counted only for the instrumentation (``StateChange/sequence``).
  @usableFromInline var changeCount: UInt64 = 0
  /// Dispatchers waiting for `chainQueue` to drain below the limit.
  @usableFromInline var backlogWaiters: [BacklogWaiter] = []
  /// How to apply each updater type dispatched through a typed `dispatch`, specialised where it
  /// was dispatched, so the end of the chain needs neither protocol casts nor generic code.
  @usableFromInline var appliers: [ObjectIdentifier: UpdaterApplier<S, D>] = [:]
  /// The applier last used, so a run of items of one type skips the dictionary.
  @usableFromInline var lastApplier: (key: ObjectIdentifier, apply: UpdaterApplier<S, D>)?

  @usableFromInline
  init(state: S) {
    self.state = state
  }
}

// MARK: - Applying updates

extension StoreMachine {
  /// Applies an updater straight away if the store is ready (the path without interceptors).
  @inlinable
  mutating func applyIfReady(_ mutate: (inout S) -> Void) -> ApplyStep<S> {
    guard phase == .ready else { return phase == .released ? .released : .notReady }
    return apply(mutate, completion: nil)
  }

  /// Applies an update and decides who tells the listeners.
  ///
  /// - Parameter completion: settled by the deliverer if another thread is delivering (so the
  ///   dispatcher's `value` returns after its listeners ran); made here if `nil` and needed.
  @inlinable
  mutating func apply(_ mutate: (inout S) -> Void, completion: DispatchCompletion?) -> ApplyStep<S> {
    if listeners.isEmpty {
      mutate(&state)
      return .applied
    }
    let oldState = state
    mutate(&state)
    updateCount &+= 1
    if isDelivering {
      // Applied already: cancelling the waiter must not drop it.
      let waiter = completion ?? DispatchCompletion(.pending([], .running))
      deliveries.append(Delivery(oldState: oldState, newState: state, sequence: updateCount, completion: waiter))
      return .waitForDelivery(waiter)
    }
    // Nobody is delivering: the caller becomes the deliverer and tells listeners about this
    // update straight away, without a round trip through `deliveries` and the lock.
    isDelivering = true
    return .deliver(
      Delivery(oldState: oldState, newState: state, sequence: updateCount, completion: nil), listeners)
  }

  /// Applies an updater dispatched while the store was not ready, or holds it (with `hold()`) if
  /// it still is not. ``ApplyStep/notReady`` means held.
  mutating func applyOrHold(
    _ mutate: (inout S) -> Void, completion: DispatchCompletion, hold: () -> HeldItem
  ) -> ApplyStep<S> {
    switch phase {
    case .ready:
      return apply(mutate, completion: completion)
    case .initializing:
      held.append(hold())
      return .notReady
    case .released:
      return .released
    }
  }

  /// Applies an update unless the store was released (held items during the hand-over, the end
  /// of an interceptor chain).
  mutating func applyUnlessReleased(_ mutate: (inout S) -> Void, completion: DispatchCompletion?) -> ApplyStep<S> {
    guard phase != .released else { return .released }
    return apply(mutate, completion: completion)
  }

  /// The next update the deliverer must tell listeners about, or `nil` (and delivery ends).
  @inlinable
  mutating func nextDelivery() -> (Delivery<S>, [ListenerEntry<S>])? {
    guard let delivery = deliveries.popFirst() else {
      isDelivering = false
      return nil
    }
    return (delivery, listeners)
  }

  /// Applies an item at the end of the updater chain with the applier remembered for its type.
  ///
  /// - Returns: `nil` when no applier is known for the type (the caller classifies the item).
  @inlinable
  mutating func applyFromChain(_ item: any Dispatchable, key: ObjectIdentifier) -> ApplyStep<S>? {
    guard phase != .released else { return .released }
    let applier: UpdaterApplier<S, D>
    if let last = lastApplier, last.key == key {
      applier = last.apply
    } else if let known = appliers[key] {
      lastApplier = (key, known)
      applier = known
    } else {
      return nil
    }
    return applier(&self, item)
  }

  /// Remembers how to apply `key`'s type, unless it is also a side effect (which the end of the
  /// chain must reject as ambiguous).
  @inlinable
  mutating func rememberApplier(for itemType: any Dispatchable.Type, _ make: () -> UpdaterApplier<S, D>) {
    let key = ObjectIdentifier(itemType)
    guard lastApplier?.key != key, appliers[key] == nil else { return }
    guard !(itemType is any SideEffect.Type), !(itemType is any ReturningSideEffect.Type) else { return }
    appliers[key] = make()
  }
}

// MARK: - Interceptor chains

extension StoreMachine {
  /// Asks to run an updater chain inline on `thread`.
  ///
  /// Claims the chain when the store is ready and no chain is running; otherwise says why not.
  @inlinable
  mutating func claimChain(thread: UInt) -> ChainClaim {
    switch phase {
    case .released: return .released
    case .initializing: return .notReady
    case .ready:
      guard !isRunningChain else { return .busy }
      guard let chain = chains?.updater else { return .released }
      isRunningChain = true
      chainThread = thread
      return .claimed(chain)
    }
  }

  /// Queues an updater behind the running chain, or claims the chain for it if none is running.
  ///
  /// - Parameter thread: the dispatching thread; the chain's own thread never waits for the
  ///   backlog (it is the one that drains it).
  mutating func enqueueForChain(_ job: QueuedUpdater, thread: UInt, hold: () -> HeldItem) -> ChainAdmission {
    switch phase {
    case .released:
      return .released
    case .initializing:
      held.append(hold())
      return .held
    case .ready:
      guard isRunningChain else {
        guard let chain = chains?.updater else { return .released }
        isRunningChain = true
        chainThread = thread
        return .runNow(chain)
      }
      if chainThread != thread, chainQueue.count >= Self.backlogLimit {
        let waiter = BacklogWaiter()
        backlogWaiters.append(waiter)
        return .waitForBacklog(waiter)
      }
      chainQueue.append(job)
      return .queued
    }
  }

  /// Queues a held updater during the hand-over to readiness (the phase is still
  /// `initializing`), or claims the chain for it.
  mutating func enqueueHeldForChain(_ job: QueuedUpdater, thread: UInt) -> ChainAdmission {
    guard phase != .released, let chain = chains?.updater else { return .released }
    guard isRunningChain else {
      isRunningChain = true
      chainThread = thread
      return .runNow(chain)
    }
    chainQueue.append(job)
    return .queued
  }

  /// Records, for the instrumentation, that the chain's item changed the state from `before` to
  /// the current state (an item whose interceptors pass on several updaters keeps its first
  /// `before`).
  @inlinable
  mutating func recordChange(before: S) {
    changeCount &+= 1
    appliedChange = AppliedChange(before: appliedChange?.before ?? before, after: state, sequence: changeCount)
  }

  /// The change an update applied outside a chain made, for the instrumentation.
  @inlinable
  mutating func change(from before: S) -> AppliedChange<S> {
    changeCount &+= 1
    return AppliedChange(before: before, after: state, sequence: changeCount)
  }

  /// The change made by the item whose chain just returned (no change, when its interceptors
  /// swallowed it); clears it.
  @inlinable
  mutating func takeChange() -> AppliedChange<S> {
    defer { appliedChange = nil }
    return appliedChange ?? AppliedChange(before: state, after: state, sequence: changeCount)
  }

  /// Called by the chain's thread after each item: the next queued updater, or the end of its
  /// turn (the chain is free again).
  @inlinable
  mutating func finishChainItem() -> ChainContinuation {
    let next = chainQueue.popFirst()
    if next == nil {
      isRunningChain = false
      chainThread = 0
    }
    guard !backlogWaiters.isEmpty, chainQueue.count <= Self.backlogLimit / 2 else {
      return ChainContinuation(next: next, wake: [])
    }
    var wake: [BacklogWaiter] = []
    swap(&wake, &backlogWaiters)
    return ChainContinuation(next: next, wake: wake)
  }

}

// MARK: - Side effects

extension StoreMachine {
  /// Decides whether a side effect starts now, waits for readiness, or fails.
  mutating func launchSideEffect(hold: () -> HeldItem) -> LaunchDecision<D> {
    switch phase {
    case .released:
      return .released
    case .initializing:
      held.append(hold())
      return .held
    case .ready:
      // Dependencies exist from the end of `Store.init`, before anything can be ready.
      guard let dependencies else { return .released }
      return .start(dependencies, chains?.sideEffect)
    }
  }

  /// What a held side effect needs to start during the hand-over.
  func heldSideEffectStart() -> LaunchDecision<D> {
    guard phase != .released, let dependencies else { return .released }
    return .start(dependencies, chains?.sideEffect)
  }
}

// MARK: - Readiness

extension StoreMachine {
  /// Stores the initial state. Returns the dependencies to build the interceptors' context
  /// with, or `nil` if the store was released meanwhile.
  mutating func initialStateLoaded(_ initial: S) -> D? {
    guard phase != .released else { return nil }
    state = initial
    return dependencies
  }

  /// Installs the composed interceptor chains. Returns `false` if the store was released.
  mutating func install(_ installed: InterceptorChains?) -> Bool {
    guard phase != .released else { return false }
    chains = installed
    return true
  }

  /// One round of the hand-over: the held items to handle now, or readiness once none is left.
  ///
  /// Items dispatched while a round is handled (an `onStart` reaction, a listener's dispatch) are
  /// held too and handled in the next round, so nothing overtakes anything.
  mutating func readinessRound() -> ReadinessRound {
    guard phase == .initializing else { return .released }
    if held.isEmpty {
      phase = .ready
      defer { readinessWaiters = [] }
      return .ready(readinessWaiters)
    }
    defer { held = [] }
    return .handle(held)
  }

  /// Registers someone waiting for readiness; `false` if the store is not initializing any more.
  mutating func waitForReadiness(_ continuation: UnsafeContinuation<Void, Never>) -> Bool {
    guard phase == .initializing else { return false }
    readinessWaiters.append(continuation)
    return true
  }
}

// MARK: - Listeners

extension StoreMachine {
  /// Registers a listener that hears every update applied from now on; `nil` once released.
  mutating func addListener(_ listener: @escaping StoreListener<S>) -> UInt64? {
    guard phase != .released else { return nil }
    nextListenerID &+= 1
    listeners.append(ListenerEntry(id: nextListenerID, registeredAfter: updateCount, listener: listener))
    return nextListenerID
  }

  /// Removes a listener; returns it so the caller releases its captures outside the lock.
  mutating func removeListener(_ id: UInt64) -> ListenerEntry<S>? {
    guard let index = listeners.firstIndex(where: { $0.id == id }) else { return nil }
    return listeners.remove(at: index)
  }
}

// MARK: - Release

extension StoreMachine {
  /// Keeps `handler` to run at release; `false` (and the caller runs it now) once released.
  mutating func addReleaseHandler(_ handler: @escaping @Sendable () -> Void) -> Bool {
    guard phase != .released else { return false }
    releaseHandlers.append(handler)
    return true
  }

  /// Moves to `released`, keeping only the last state; returns everything else so the caller
  /// fails what waits and drops the rest outside the lock (deinitialisers may run then).
  mutating func release() -> StoreMachine {
    var dropped = StoreMachine(state: state)
    swap(&dropped, &self)
    phase = .released
    return dropped
  }
}

// MARK: - Decisions

/// Applies an updater of one known type to the machine (`nil` if `item` is not of that type).
@usableFromInline
typealias UpdaterApplier<S: State, D: SideEffectDependencyContainer> =
  @Sendable (inout StoreMachine<S, D>, any Dispatchable) -> ApplyStep<S>?

/// What a dispatcher must do after trying to apply an update.
@usableFromInline
enum ApplyStep<S: State>: Sendable {
  /// Applied, nobody to tell: done.
  case applied
  /// Applied; this caller now tells `listeners` (the ones registered when it was applied) about
  /// this update, then delivers whatever other threads queued meanwhile.
  case deliver(Delivery<S>, [ListenerEntry<S>])
  /// Applied; another thread is delivering and settles this completion when it has delivered it.
  case waitForDelivery(DispatchCompletion)
  /// Not applied: the store is not ready yet.
  case notReady
  /// Not applied: the store has been released.
  case released
}

extension ApplyStep {
  /// Whether the update was applied (the store's state is the updater's result).
  @inlinable
  var wasApplied: Bool {
    switch self {
    case .applied, .deliver, .waitForDelivery: true
    case .notReady, .released: false
    }
  }
}

/// The answer to ``StoreMachine/claimChain(thread:)``.
@usableFromInline
enum ChainClaim: Sendable {
  /// The caller runs this chain now, then the queue.
  case claimed(StoreInterceptorNext)
  /// Another chain is running (on this thread or another): queue behind it.
  case busy
  /// The store is not ready: hold the item.
  case notReady
  case released
}

/// The answer to ``StoreMachine/enqueueForChain(_:thread:hold:)``.
enum ChainAdmission: Sendable {
  /// The chain was free: the caller runs this chain now with the item, then the queue.
  case runNow(StoreInterceptorNext)
  /// Queued; the running chain's thread runs it.
  case queued
  /// Held until the store is ready.
  case held
  /// Too many updaters wait: wait on this, then try again.
  case waitForBacklog(BacklogWaiter)
  case released
}

/// What the chain's thread does after an item.
@usableFromInline
struct ChainContinuation: Sendable {
  /// The next updater to run, or `nil`: the chain is free and the thread is done.
  @usableFromInline let next: QueuedUpdater?
  /// Dispatchers to wake: the backlog has drained enough.
  @usableFromInline let wake: [BacklogWaiter]

  @inlinable
  init(next: QueuedUpdater?, wake: [BacklogWaiter]) {
    self.next = next
    self.wake = wake
  }
}

/// What ``StoreMachine/launchSideEffect(hold:)`` decided.
enum LaunchDecision<D: Sendable>: Sendable {
  /// Start now with these dependencies, through this chain (if the store has interceptors).
  case start(D, StoreInterceptorNext?)
  case held
  case released
}

/// One round of the hand-over of held items.
enum ReadinessRound {
  case handle([HeldItem])
  case ready([UnsafeContinuation<Void, Never>])
  case released
}

// MARK: - Records

/// The interceptor chains, composed once: the first interceptor is the outermost.
@usableFromInline
struct InterceptorChains: Sendable {
  /// Ends by applying the updater.
  @usableFromInline let updater: StoreInterceptorNext
  /// Ends by starting the side effect's body.
  @usableFromInline let sideEffect: StoreInterceptorNext
}

/// A registered listener.
@usableFromInline
struct ListenerEntry<S: State>: Sendable {
  @usableFromInline let id: UInt64
  /// The store's `updateCount` when the listener was added; it hears updates numbered after it.
  @usableFromInline let registeredAfter: UInt64
  @usableFromInline let listener: StoreListener<S>

  init(id: UInt64, registeredAfter: UInt64, listener: @escaping StoreListener<S>) {
    self.id = id
    self.registeredAfter = registeredAfter
    self.listener = listener
  }
}

/// One applied update waiting to be told to listeners.
@usableFromInline
struct Delivery<S: State>: Sendable {
  @usableFromInline let oldState: S
  @usableFromInline let newState: S
  @usableFromInline let sequence: UInt64
  @usableFromInline let completion: DispatchCompletion?

  @inlinable
  init(oldState: S, newState: S, sequence: UInt64, completion: DispatchCompletion?) {
    self.oldState = oldState
    self.newState = newState
    self.sequence = sequence
    self.completion = completion
  }
}

/// An item dispatched before the store was ready.
struct HeldItem: Sendable {
  /// Handles the item now (the store is becoming ready).
  let run: @Sendable () -> Void
  /// Settled with an error if the store is released before the item runs.
  let completion: DispatchCompletion
  let item: any Dispatchable
}

/// An updater waiting for the interceptor chain.
@usableFromInline
struct QueuedUpdater: Sendable {
  @usableFromInline let item: any Dispatchable
  @usableFromInline let completion: DispatchCompletion
  /// When it was dispatched; read only by instrumentation, so `nil` (no clock read) without it.
  @usableFromInline let dispatchedAt: DispatchInstant?
  /// The instrumentation token of who dispatched it (a side effect, or the updater whose
  /// interceptors did); kept only with instrumentation.
  @usableFromInline var parent: (any Sendable)?
  /// Where it was dispatched; kept only with instrumentation.
  @usableFromInline let callSite: DispatchCallSite?
}
