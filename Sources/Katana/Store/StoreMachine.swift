/// Everything a store mutates, guarded by the store's one lock.
///
/// The store's behaviour is this state machine:
/// - `phase` goes `initializing` → `ready` → `released` (or straight to `released`).
/// - While `initializing`, dispatched items wait in `held`, in dispatch order.
/// - Applied updates with listeners queue a ``Delivery``; exactly one thread at a time
///   (`isDelivering`) calls listeners, oldest update first, outside the lock.
/// - With interceptors, updaters wait in `updaterQueue` and one task at a time
///   (`isDrainingUpdaters`) runs them through the chain.
@usableFromInline
struct StoreMachine<S: State, D: SideEffectDependencyContainer>: Sendable {
  @usableFromInline
  enum Phase: Sendable {
    case initializing
    case ready
    case released
  }

  @usableFromInline var state: S
  @usableFromInline var phase: Phase = .initializing

  /// Items dispatched before the store was ready, oldest first.
  var held: [HeldItem] = []

  @usableFromInline var listeners: [ListenerEntry<S>] = []
  var nextListenerID: UInt64 = 0
  /// Counts updates applied while listeners existed; orders listeners against updates.
  @usableFromInline var updateCount: UInt64 = 0
  @usableFromInline var deliveries = FIFO<Delivery<S>>()
  @usableFromInline var isDelivering = false

  var updaterQueue = FIFO<QueuedUpdater>()
  /// How to apply each updater type queued through a typed dispatch (interceptor mode).
  var appliers: [ObjectIdentifier: UpdaterApplier<S, D>] = [:]
  var isDrainingUpdaters = false

  /// Set right after the store builds its container; dropped on release to break the cycle
  /// store core → container → dispatch closure → store core.
  var dependencies: D?
  /// The interceptors after their first stage, in array order; set when the store gets ready.
  var interceptorStages: [@Sendable (_ next: @escaping StoreInterceptorNext) -> StoreInterceptorNext] = []
  /// The interceptor chain for updaters, composed once.
  var updaterChain: StoreInterceptorNext?
  var readinessWaiters: [UnsafeContinuation<Void, Never>] = []
  var initializationError: (any Error)?

  @usableFromInline
  init(state: S) {
    self.state = state
  }
}

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
  /// Applied; another thread is delivering and completes this when it has delivered it.
  case waitForDelivery(DispatchCompletion)
  /// Not applied: the store is not ready yet.
  case notReady
  /// Not applied: the store has been released.
  case released
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
  /// Completed with an error if the store is released before the item runs.
  let completion: DispatchCompletion
  let item: any Dispatchable
}

/// An updater waiting for the interceptor chain.
struct QueuedUpdater: Sendable {
  let item: any Dispatchable
  let completion: DispatchCompletion
  /// When it was dispatched; read only by instrumentation, so `nil` (no clock read) without it.
  let dispatchedAt: ContinuousClock.Instant?
  let parent: (any Sendable)?
}
