/// The store's behaviour: everything a store mutates, and every transition of it.
///
/// The machine is a plain `Sendable` value guarded by the store's one lock (see ``StoreCore``).
/// Each event is a `mutating` method that runs under the lock, never calls user code except an
/// updater's `updateState` (in ``apply(_:when:recording:completion:)``), and returns an action that the caller
/// carries out after letting go of the lock: call listeners, run an interceptor chain, start a
/// task, resume waiters.
///
/// ## Phases: one waiting line
/// Everything that cannot be handled at once waits in one first-in, first-out ``Line``, owned by
/// the phase in which someone holds it:
/// - ``StorePhase/held(_:)`` by the initializer (``Line/Holder/initializer(readinessWaiters:)``),
///   from the start: the store is not ready. Every item dispatched waits in line, in dispatch
///   order. Once the state and the interceptors are in (``install(_:runner:)``), the
///   initializer's thread runs the line like a chain's thread (``next()``); when it finds the
///   line empty, it lets go of it and the store is ready.
/// - ``StorePhase/ready``: nobody holds the line. An updater is applied at once (no
///   interceptors) or claims the line to run its interceptor chain (``claimChain(thread:)``).
/// - ``StorePhase/running``: a thread runs an updater chain and nothing waits behind
///   it (the common case, which holds no ``Line``, so claiming and letting go copy no arrays).
/// - ``StorePhase/held(_:)`` by a chain (``Line/Holder/chain``): a thread runs an updater chain.
///   Updaters dispatched meanwhile wait in line and that thread runs them next (``next()``);
///   then the store is ready again. A side effect does not wait for a running updater chain: it
///   runs its own chain at once.
/// - ``StorePhase/released``: the store is gone; every event reports it, nothing is kept but
///   the last state.
///
/// So a store that is not ready is a chain that is busy: items held before readiness and items
/// queued behind a running chain are one line, handled by one loop in one order.
///
/// Data every live phase shares (listeners, the dependencies, the composed chains, the release
/// handlers) are fields of the machine, which ``release()`` drops with the line.
///
/// ## Listener delivery
/// An applied update with listeners either makes the applying thread the deliverer
/// (``ApplyStep/deliver(_:)``) or, when another thread is delivering, queues a ``Delivery``
/// that the deliverer picks up (``nextDelivery()``). One thread delivers at a time, oldest update
/// first, so calls to a listener never overlap and arrive in update order.
///
/// ## Closed
/// Only the machine writes its fields. Fields that no `@inlinable` event touches are `private`;
/// the others are `@usableFromInline private(set)`, because an `@inlinable` method (specialised
/// for the app's state type in the app's module, which the hot path needs) may only name
/// `@usableFromInline` declarations. ``StoreCore`` sends events and performs the actions they
/// return; it reads `state` (``StoreCore/currentState``) and nothing else.
@usableFromInline
struct StoreMachine<S: State, D: SideEffectDependencyContainer>: Sendable {
  /// Who holds the line, and the line itself when someone does.
  @usableFromInline typealias Phase = StorePhase

  /// How many updaters may wait behind a running chain before dispatchers on other threads wait
  /// for the line to drain.
  @usableFromInline static var backlogLimit: Int { 1024 }

  /// The state; in every phase (the last state once released).
  @usableFromInline private(set) var state: S
  @usableFromInline private(set) var phase: Phase = .held(Line(holder: .initializer(readinessWaiters: [])))
  /// The thread running an updater chain in ``StorePhase/running``; meaningless in other phases.
  @usableFromInline private(set) var chainRunner: UInt = 0

  // MARK: Shared by every live phase

  /// Set right after the store builds its container; dropped on release to break the cycle
  /// store core → container → dispatch closure → store core.
  private var dependencies: D?
  /// The updater chain and the side-effect chain, composed once before the initializer runs the
  /// line; `nil` without interceptors.
  @usableFromInline private(set) var chains: InterceptorChains?
  /// Run once when the store is released. Lets parts of interceptors that a running side effect
  /// may still hold (an observer's notification observers) stop at release, not when the last
  /// task lets go of them.
  private var releaseHandlers: [@Sendable () -> Void] = []

  @usableFromInline private(set) var listeners: [ListenerEntry<S>] = []
  private var nextListenerID: UInt64 = 0
  /// Counts updates applied while listeners existed; orders listeners against updates.
  @usableFromInline private(set) var updateCount: UInt64 = 0
  @usableFromInline private(set) var deliveries = FIFO<Delivery<S>>()
  @usableFromInline private(set) var isDelivering = false
  /// Where an apply that makes its caller the deliverer leaves the update to deliver (see
  /// ``DeliverySlot`` for who may touch it).
  @usableFromInline let deliverySlot = DeliverySlot<S>()

  /// The state before the running chain's first apply, kept for the instrumentation when the
  /// store has one (``keepChangeBefore()``, ``takeChange(into:_:)``; the state after is the
  /// current one); always `nil` without it.
  @usableFromInline private(set) var changeBefore: S?
  /// Updates applied, counted only for the instrumentation (``StateChange/sequence``).
  @usableFromInline private(set) var changeCount: UInt64 = 0
  /// How to apply each updater type dispatched through a typed `dispatch`, specialised where it
  /// was dispatched, so the end of the chain needs neither protocol casts nor generic code.
  @usableFromInline private(set) var appliers: [ObjectIdentifier: ApplierBox<S, D>] = [:]
  /// The type of the applier last used, so a run of items of one type skips the dictionary
  /// (kept apart from the applier: comparing it copies no closure).
  @usableFromInline private(set) var lastApplierKey: ObjectIdentifier?
  /// The applier last used, of the type ``lastApplierKey``. Unretained: ``appliers`` keeps it
  /// alive as long as this machine, so calling it needs no retain and release per item.
  @usableFromInline private(set) var lastApplier: Unmanaged<ApplierBox<S, D>>?

  @usableFromInline
  init(state: S) {
    self.state = state
  }

  /// Whether nobody holds the line (``StorePhase/ready``): an updater without interceptors may
  /// apply now.
  @inlinable
  var isReady: Bool {
    if case .ready = phase { return true }
    return false
  }

  /// Whether the store has been released.
  @inlinable
  var isReleased: Bool {
    if case .released = phase { return true }
    return false
  }

  /// The thread running the line (a chain's, or the initializer's while it hands the line over),
  /// if any.
  @inlinable
  var lineRunner: UInt? {
    switch phase {
    case .running: return chainRunner
    case .held(let line) where line.runner != 0: return line.runner
    case .held, .ready, .released, .modifying: return nil
    }
  }
}

/// The phases of a ``StoreMachine``: who holds the line, and the line itself when someone does.
///
/// One case with a payload and the rest without, so that telling `ready` apart, on every
/// dispatch, is one comparison. Not nested in the generic machine: it depends on neither type
/// parameter.
@usableFromInline
enum StorePhase: Sendable {
  /// Someone holds the line (``Line/holder``): the initializer, until the store is ready, or a
  /// thread running an updater chain.
  case held(Line)
  /// Nobody holds the line: the store is ready and no updater chain runs.
  case ready
  /// A thread runs an updater chain, and nothing waits behind it: the line held by
  /// ``Line/Holder/chain`` with nobody in it, without its arrays. The first item to wait turns
  /// it into ``held(_:)``.
  /// Its thread is the machine's ``StoreMachine/chainRunner``: a payload here would make the
  /// phase a multi-payload enum, which every dispatch (with interceptors or not) pays to test.
  /// Declared after `ready`, which keeps the encoding the direct path tests for.
  case running
  /// The store is gone.
  case released
  /// Only inside an event, while a phase's data is changed in place (so that its arrays are not
  /// copied); never seen between events.
  case modifying
}

// MARK: - Applying updates

extension StoreMachine {
  /// Applies an update: the one place the state is changed, for every route (a plain store, one
  /// with listeners, one instrumented or journaled, the end of an interceptor chain, an updater
  /// whose turn in line came). What differs between them is data: `admission` (may it apply
  /// now?) and `recording` (what to keep of the change for the instrumentation).
  ///
  /// Decides who tells the listeners: this caller (``ApplyStep/deliver(_:)``), or the thread
  /// already delivering (``ApplyStep/waitForDelivery(_:)``).
  ///
  /// - Parameters:
  ///   - admission: whether the caller may apply now (see ``ApplyAdmission``).
  ///   - recording: what to keep of the change.
  ///   - completion: settled by the deliverer if another thread is delivering (so the
  ///     dispatcher's `value` returns after its listeners ran); made here if `nil` and needed.
  ///
  /// Always inlined: every hot path is this event with its own recording. Left out of line in a
  /// large caller (the journaled route, while it passed the journal as a recording) it cost W10
  /// 52 instructions per dispatch (723 against 671).
  @inlinable @inline(__always)
  mutating func apply<Recording: ChangeRecording<S>>(
    _ mutate: (inout S) -> Void, when admission: ApplyAdmission, recording: inout Recording,
    completion: DispatchCompletion? = nil
  ) -> ApplyStep<S> {
    switch admission {
    case .ifReady:
      guard isReady else { return isReleased ? .released : .mustWait }
    case .unlessReleased:
      guard !isReleased else { return .released }
    case .granted:
      break
    }
    let sequence = changeCount &+ 1
    recording.willApply(state, sequence: sequence)
    if Recording.countsChange { changeCount = sequence }
    if listeners.isEmpty {
      mutate(&state)
      recording.didApply(state, sequence: sequence)
      return .applied
    }
    let oldState = state
    mutate(&state)
    recording.didApply(state, sequence: sequence)
    updateCount &+= 1
    if isDelivering {
      // Applied already: cancelling the waiter must not drop it.
      let waiter = completion ?? DispatchCompletion.running()
      deliveries.append(Delivery(oldState: oldState, newState: state, sequence: updateCount, completion: waiter))
      return .waitForDelivery(waiter)
    }
    // Nobody is delivering: the caller becomes the deliverer and tells listeners about this
    // update straight away, without a round trip through `deliveries` and the lock.
    isDelivering = true
    deliverySlot.fill(
      Delivery(oldState: oldState, newState: state, sequence: updateCount, completion: nil), listeners: listeners)
    return .deliver(deliverySlot)
  }

  /// ``apply(_:when:recording:completion:)`` if nobody holds the line, else puts `entry` (an
  /// updater without interceptors) in line behind whoever holds it (``ApplyStep/mustWait``).
  ///
  /// Not a case of ``ApplyAdmission``: an admission carrying the entry made every apply copy
  /// and destroy it through outlined value witnesses (W1: 126 → 287 instructions).
  @inlinable
  mutating func apply<Recording: ChangeRecording<S>>(
    _ mutate: (inout S) -> Void, elseQueue entry: LineEntry, recording: inout Recording,
    completion: DispatchCompletion? = nil
  ) -> ApplyStep<S> {
    guard isReady else { return waitInLine(entry) }
    return apply(mutate, when: .granted, recording: &recording, completion: completion)
  }

  /// Puts an updater (no interceptors) in line behind whoever holds it; ``ApplyStep/released``
  /// once the store is gone.
  @usableFromInline
  mutating func waitInLine(_ entry: LineEntry) -> ApplyStep<S> {
    switch phase {
    case .held, .running:
      _ = appendToLine(entry, thread: 0, bounded: false)
      return .mustWait
    case .released, .modifying:
      return .released
    case .ready:
      preconditionFailure("an updater was put in line while nobody held it")
    }
  }

  /// ``apply(_:when:recording:completion:)`` keeping nothing of the change.
  ///
  /// Always inlined, as the apply it forwards to: left out of line, the journaled route (W10)
  /// paid a call and the step's copy, 49 instructions per dispatch.
  @inlinable @inline(__always)
  mutating func apply(
    _ mutate: (inout S) -> Void, when admission: ApplyAdmission, completion: DispatchCompletion? = nil
  ) -> ApplyStep<S> {
    var recording = NoChangeRecording<S>()
    return apply(mutate, when: admission, recording: &recording, completion: completion)
  }

  /// Counts the change about to be applied if `journal` takes it (it is handed the change's
  /// sequence and the current state, the state before).
  ///
  /// - Returns: the change's sequence; 0 when the journal did not take it (nothing counted).
  @inlinable
  mutating func journalChange(_ journal: (_ sequence: UInt64, _ stateBefore: S) -> Bool) -> UInt64 {
    let sequence = changeCount &+ 1
    guard journal(sequence, state) else { return 0 }
    changeCount = sequence
    return sequence
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
  @inlinable @inline(__always)
  mutating func applyFromChain(_ item: any Dispatchable, key: ObjectIdentifier) -> ApplyStep<S>? {
    guard !isReleased else { return .released }
    if lastApplierKey == key, let last = lastApplier {
      return last._withUnsafeGuaranteedRef { $0.apply(&self, item) }
    }
    guard let known = appliers[key] else { return nil }
    lastApplierKey = key
    lastApplier = Unmanaged.passUnretained(known)
    return known.apply(&self, item)
  }

  /// Whether an applier is known for the type `key` (``applyFromChain(_:key:)`` applies it).
  @inlinable
  func knowsApplier(for key: ObjectIdentifier) -> Bool {
    lastApplierKey == key || appliers[key] != nil
  }

  /// Remembers how to apply `key`'s type, unless it is also a side effect (which the end of the
  /// chain must reject as ambiguous).
  ///
  /// - Returns: whether an applier is known for the type now.
  @inlinable @discardableResult
  mutating func rememberApplier(for itemType: any Dispatchable.Type, _ make: () -> UpdaterApplier<S, D>) -> Bool {
    let key = ObjectIdentifier(itemType)
    guard lastApplierKey != key, appliers[key] == nil else { return true }
    guard !(itemType is any SideEffect.Type), !(itemType is any ReturningSideEffect.Type) else { return false }
    appliers[key] = ApplierBox(apply: make())
    return true
  }
}

// MARK: - The line

extension StoreMachine {
  /// Asks to run an updater's interceptor chain inline on `thread`: claims the line if nobody
  /// holds it, otherwise says why not. The claimer reads the chain from ``chains``.
  @inlinable
  mutating func claimChain(thread: UInt) -> ChainClaim {
    switch phase {
    case .ready:
      guard chains != nil else { return .released }
      phase = .running
      chainRunner = thread
      return .claimed
    case .held, .running:
      return .busy
    case .released, .modifying:
      return .released
    }
  }

  /// ``claimChain(thread:)``, then `remember` (under the same lock) and the updater chain to run:
  /// `nil` when the line is busy or the store released.
  @inlinable
  mutating func claimUpdaterChain(thread: UInt, remember: (inout Self) -> Void) -> ClaimedChain? {
    guard case .claimed = claimChain(thread: thread) else { return nil }
    remember(&self)
    // Not `chains.map`: unspecialised, it looked up generic metadata on every dispatch.
    guard let chains else { return nil }
    return ClaimedChain(run: chains.updater)
  }

  /// Puts an updater in line behind whoever holds it, or claims the line for it if nobody does.
  ///
  /// - Parameter thread: the dispatching thread. Another thread than the line's runner waits when
  ///   more than ``backlogLimit`` updaters wait behind a running chain; the runner never waits (it
  ///   is the one that drains the line), and nobody waits for the initializer (it may need the
  ///   waiting thread to finish).
  mutating func enqueueUpdater(_ entry: LineEntry, thread: UInt) -> LineAdmission {
    switch phase {
    case .ready:
      guard let chain = chains?.updater else { return .released }
      phase = .running
      chainRunner = thread
      return .runNow(chain)
    case .held, .running:
      if let waiter = appendToLine(entry, thread: thread, bounded: true) { return .waitForBacklog(waiter) }
      return .queued
    case .released, .modifying:
      return .released
    }
  }

  /// Decides whether a side effect starts now or waits in line for the initializer. It never
  /// waits for a running updater chain: it runs its own chain, on the dispatching thread.
  mutating func launchSideEffect(entry: () -> LineEntry) -> LaunchDecision<D> {
    switch phase {
    case .held(let line) where line.isInitializer:
      _ = appendToLine(entry(), thread: 0, bounded: false)
      return .queued
    case .ready, .held, .running:
      return sideEffectStart()
    case .released, .modifying:
      return .released
    }
  }

  /// The dependencies, for a side effect an interceptor passed on; `nil` once released.
  var liveDependencies: D? {
    // Released, the machine holds none (``release()`` handed them over).
    dependencies
  }

  /// What a side effect starts with now: the dependencies, and the chain if the store has
  /// interceptors. For a side effect whose turn in line came, and for one launched when ready.
  func sideEffectStart() -> LaunchDecision<D> {
    // Dependencies exist from the end of `Store.init`, before anything can be dispatched.
    guard !isReleased, let dependencies else { return .released }
    return .start(dependencies, chains?.sideEffect)
  }

  /// Called by the line's runner after each item: the next item in line, or the end of its turn
  /// (nobody holds the line any more, and the store is ready).
  @inlinable
  mutating func next() -> LineStep {
    switch phase {
    case .held(var line):
      phase = .modifying
      if let entry = line.waiting.popFirst() {
        let wake = line.wakeIfDrained(limit: Self.backlogLimit)
        phase = .held(line)
        return LineStep(next: entry, wake: wake)
      }
      phase = .ready
      switch line.holder {
      case .chain: return LineStep(next: nil, wake: line.backlogWaiters)
      case .initializer(let readinessWaiters):
        return LineStep(next: nil, wake: line.backlogWaiters, readinessWaiters: readinessWaiters)
      }
    case .running:
      phase = .ready
      return LineStep(next: nil)
    case .ready, .released, .modifying:
      // Nobody holds the line (a runner never calls this again after it was let go), or the
      // store's release failed what was in it: nothing to run.
      return LineStep(next: nil)
    }
  }

  /// The runner's cheap step after a chain, when nothing waits in the line and nobody waits for
  /// it to drain (the common case): lets go of the line, so the store is ready, as ``next()``
  /// would, without building a ``LineStep``.
  ///
  /// - Returns: `false`, changing nothing, in any other case (something waits, or the initializer
  ///   holds the line, or nobody does): the runner then calls ``next()``.
  @inlinable
  mutating func letGoIfIdle() -> Bool {
    switch phase {
    case .running:
      phase = .ready
      return true
    case .held(let line) where !line.isInitializer && line.waiting.isEmpty && line.backlogWaiters.isEmpty:
      phase = .ready
      return true
    case .held, .ready, .released, .modifying:
      return false
    }
  }

  /// Puts `entry` at the back of the line of the phase that holds it.
  ///
  /// - Returns: a waiter instead of queueing, when `bounded`, the line is a running chain's,
  ///   `thread` is not its runner and the line is full. Nobody waits for the initializer: it may
  ///   need the waiting thread to finish.
  private mutating func appendToLine(_ entry: LineEntry, thread: UInt, bounded: Bool) -> BacklogWaiter? {
    var line: Line
    switch phase {
    case .held(let held): line = held
    case .running: line = Line(holder: .chain, runner: chainRunner)
    case .ready, .released, .modifying: preconditionFailure("appendToLine called while nobody holds the line")
    }
    phase = .modifying
    defer { phase = .held(line) }
    if bounded, !line.isInitializer, line.runner != thread, line.waiting.count >= Self.backlogLimit {
      let waiter = BacklogWaiter()
      line.backlogWaiters.append(waiter)
      return waiter
    }
    line.waiting.append(entry)
    return nil
  }
}

// MARK: - Instrumentation

extension StoreMachine {
  /// Keeps the current state as the state before the running chain's change, unless an earlier
  /// apply of the chain kept one: call before an apply at the end of the chain, then
  /// ``chainApplyEnded(applied:keptBefore:)``.
  ///
  /// - Returns: whether it kept it (the caller forgets it if nothing is applied).
  @inlinable
  mutating func keepChangeBefore() -> Bool {
    guard case .none = changeBefore else { return false }
    changeBefore = state
    return true
  }

  /// Forgets the state ``keepChangeBefore()`` kept (nothing was applied).
  @inlinable
  mutating func forgetChangeBefore() {
    changeBefore = nil
  }

  /// Counts an apply at the end of the chain, or forgets the state kept for one that did not
  /// happen. (An item whose interceptors pass on several updaters keeps its first state before.)
  @inlinable
  mutating func chainApplyEnded(applied: Bool, keptBefore: Bool) {
    if applied {
      changeCount &+= 1
    } else if keptBefore {
      changeBefore = nil
    }
  }

  /// The change made by the item whose chain just returned (no change, when its interceptors
  /// swallowed it), written into `before` and `after` (uninitialised memory the caller then owns);
  /// clears it.
  ///
  /// - Returns: the change's ``StateChange/sequence``.
  @inlinable
  mutating func takeChange(into before: UnsafeMutablePointer<S>, _ after: UnsafeMutablePointer<S>) -> UInt64 {
    // Moved out (`take()`), never copied: the caller hands the states over to the instrumentation.
    if let kept = changeBefore.take() {
      before.initialize(to: kept)
    } else {
      before.initialize(to: state)
    }
    after.initialize(to: state)
    return changeCount
  }
}

// MARK: - Readiness

extension StoreMachine {
  /// Keeps the dependency container the store built in its initialiser (before anything can be
  /// dispatched).
  mutating func dependenciesBuilt(_ built: D) {
    dependencies = built
  }

  /// Stores the initial state. Returns the dependencies to build the interceptors' context
  /// with, or `nil` if the store was released meanwhile.
  mutating func initialStateLoaded(_ initial: S) -> D? {
    guard case .held(let line) = phase, line.isInitializer else { return nil }
    state = initial
    return dependencies
  }

  /// Installs the composed interceptor chains, and makes `runner` (the initializer's thread) the
  /// line's runner: it now hands the waiting items over with ``next()``. Returns `false` if the
  /// store was released (or the chains were installed already).
  mutating func install(_ installed: InterceptorChains?, runner: UInt) -> Bool {
    guard case .held(var line) = phase, line.isInitializer, line.runner == 0 else { return false }
    chains = installed
    phase = .modifying
    line.runner = runner
    phase = .held(line)
    return true
  }

  /// Registers someone waiting for readiness; `false` if the initializer does not hold the line
  /// any more (ready, or released).
  mutating func waitForReadiness(_ continuation: UnsafeContinuation<Void, Never>) -> Bool {
    guard case .held(var line) = phase, case .initializer(var readinessWaiters) = line.holder else { return false }
    phase = .modifying
    line.holder = .chain  // placeholder while the array is appended to without a copy
    readinessWaiters.append(continuation)
    line.holder = .initializer(readinessWaiters: readinessWaiters)
    phase = .held(line)
    return true
  }
}

// MARK: - Listeners

extension StoreMachine {
  /// Registers a listener that hears every update applied from now on; `nil` once released.
  mutating func addListener(_ listener: @escaping StoreListener<S>) -> UInt64? {
    guard !isReleased else { return nil }
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
    guard !isReleased else { return false }
    releaseHandlers.append(handler)
    return true
  }

  /// Moves to `released`, keeping only the last state; returns everything else (the line of the
  /// phase it was in included) so the caller fails what waits and drops the rest outside the lock
  /// (deinitialisers may run then).
  mutating func release() -> StoreRelease<S, D> {
    var dropped = StoreMachine(state: state)
    swap(&dropped, &self)
    phase = .released
    var release = StoreRelease<S, D>()
    while let delivery = dropped.deliveries.popFirst() {
      if let completion = delivery.completion { release.delivered.append(completion) }
    }
    if case .held(let line) = dropped.phase {
      dropped.phase = .released
      release.line = line
    }
    swap(&release.releaseHandlers, &dropped.releaseHandlers)
    release.rest = dropped
    return release
  }
}

/// What a store's release leaves the caller to do outside the lock: settle, fail, wake and call
/// what waited; everything else the machine held goes with it.
struct StoreRelease<S: State, D: SideEffectDependencyContainer>: Sendable {
  /// Dispatchers of updates already applied whose listeners had not been told: done waiting.
  var delivered: [DispatchCompletion] = []
  /// The line of the phase it was in: what waits in it fails, who waits for it wakes.
  var line: Line?
  /// Run once, now.
  var releaseHandlers: [@Sendable () -> Void] = []
  /// The rest (listeners, interceptors, the dependency container), dropped with this value.
  var rest: StoreMachine<S, D>?
}

/// What an apply keeps of the change it makes, for the instrumentation: with the admission, what
/// differs between the routes that apply an updater (see ``StoreMachine/apply(_:when:recording:completion:)``).
/// A journal is not a recording: it may turn a change down, so it is asked first, by its own
/// event (``StoreMachine/journalChange(_:)``), in the same hold of the lock.
///
/// A strategy the compiler specialises into the machine's one apply: a store that records
/// nothing (``NoChangeRecording``) pays nothing for the choice.
@usableFromInline
protocol ChangeRecording<S> {
  associatedtype S: State
  /// Whether an applied change is counted (``StateChange/sequence``); only for recordings the
  /// instrumentation reads.
  static var countsChange: Bool { get }
  /// Called under the lock right before the update, with the state before it and the sequence
  /// the change gets if it is counted.
  mutating func willApply(_ before: S, sequence: UInt64)
  /// Called under the lock right after the update, with the state after it.
  mutating func didApply(_ after: S, sequence: UInt64)
}

/// Keeps nothing: a store without instrumentation, or one that does not observe states.
@usableFromInline
struct NoChangeRecording<S: State>: ChangeRecording {
  /// Never read. It gives each recording an address of its own: ThreadSanitizer checks every
  /// `inout` access by address, every value of an empty type has the same one, and two threads'
  /// applies were reported as a race on it. Optimised away (the cost guard's counts did not move).
  @usableFromInline var distinctAddress: UInt8 = 0

  @inlinable init() {}
  @inlinable static var countsChange: Bool { false }
  @inlinable func willApply(_ before: S, sequence: UInt64) {}
  @inlinable func didApply(_ after: S, sequence: UInt64) {}
}

/// When an apply may go ahead (``StoreMachine/apply(_:when:recording:completion:)``).
@usableFromInline
enum ApplyAdmission: Sendable {
  /// Only if nobody holds the line; else ``ApplyStep/mustWait`` (nothing kept) or
  /// ``ApplyStep/released``.
  case ifReady
  /// Unless the store was released: the caller runs the line (an entry whose turn came, the end
  /// of an interceptor chain).
  case unlessReleased
  /// The caller checked already.
  case granted
}

// MARK: - Decisions

/// Applies an updater of one known type to the machine (`nil` if `item` is not of that type).
@usableFromInline
typealias UpdaterApplier<S: State, D: SideEffectDependencyContainer> =
  @Sendable (inout StoreMachine<S, D>, any Dispatchable) -> ApplyStep<S>?

/// An applier, in an object so that the machine can hold the last one used unretained.
@usableFromInline
final class ApplierBox<S: State, D: SideEffectDependencyContainer>: Sendable {
  @usableFromInline let apply: UpdaterApplier<S, D>

  @inlinable
  init(apply: @escaping UpdaterApplier<S, D>) {
    self.apply = apply
  }
}

/// What a dispatcher must do after trying to apply an update.
@usableFromInline
enum ApplyStep<S: State>: Sendable {
  /// Applied, nobody to tell: done.
  case applied
  /// Applied; this caller now takes the update out of the slot and tells the listeners registered
  /// when it was applied about it, then delivers whatever other threads queued meanwhile.
  case deliver(DeliverySlot<S>)
  /// Applied; another thread is delivering and settles this completion when it has delivered it.
  case waitForDelivery(DispatchCompletion)
  /// Not applied: someone holds the line (the initializer), so the item must wait in it.
  case mustWait
  /// Not applied: the store has been released.
  case released
}

extension ApplyStep {
  /// Whether the update was applied (the store's state is the updater's result).
  @inlinable
  var wasApplied: Bool {
    switch self {
    case .applied, .deliver, .waitForDelivery: true
    case .mustWait, .released: false
    }
  }
}

/// The answer to ``StoreMachine/claimChain(thread:)``; without a payload (the claimer takes the
/// chain itself, in a ``ClaimedChain``): an enum carrying the closure was copied through
/// run-time calls.
@usableFromInline
enum ChainClaim: Sendable {
  /// The caller runs the updater chain (``StoreMachine/chains``) now, then the line.
  case claimed
  /// Someone holds the line (a running chain, or the initializer): wait in it.
  case busy
  case released
}

/// The updater chain, as the claimer takes it out of the lock (see
/// ``StoreCore/routeThroughChain(_:itemType:callSite:remember:)``).
@usableFromInline
struct ClaimedChain: Sendable {
  @usableFromInline let run: StoreInterceptorNext

  @inlinable
  init(run: @escaping StoreInterceptorNext) {
    self.run = run
  }
}

/// The answer to ``StoreMachine/enqueueUpdater(_:thread:)``.
enum LineAdmission: Sendable {
  /// Nobody held the line: the caller now holds it; it runs this chain with the item, then the
  /// line.
  case runNow(StoreInterceptorNext)
  /// In line; whoever holds it runs it.
  case queued
  /// Too many updaters wait: wait on this, then try again.
  case waitForBacklog(BacklogWaiter)
  case released
}

/// What ``StoreMachine/launchSideEffect(entry:)`` decided.
enum LaunchDecision<D: Sendable>: Sendable {
  /// Start now with these dependencies, through this chain (if the store has interceptors).
  case start(D, StoreInterceptorNext?)
  /// In line behind the initializer.
  case queued
  case released
}

/// What the line's runner does next (``StoreMachine/next()``).
///
/// A struct, not an enum with a payload per case: the runner's loop copies it out of the lock on
/// every item, and a multi-payload enum of these fields is copied through runtime calls.
@usableFromInline
struct LineStep: Sendable {
  /// The item to handle now; `nil` when the runner is done: nobody holds the line any more (or
  /// the store was released, and its release failed what was in line).
  @usableFromInline let next: LineEntry?
  /// Dispatchers to wake: the backlog drained enough, or the line is free.
  @usableFromInline let wake: [BacklogWaiter]
  /// When the initializer let go of the line (the store became ready): who waits for readiness.
  @usableFromInline let readinessWaiters: [UnsafeContinuation<Void, Never>]?

  @inlinable
  init(next: LineEntry?, wake: [BacklogWaiter] = [], readinessWaiters: [UnsafeContinuation<Void, Never>]? = nil) {
    self.next = next
    self.wake = wake
    self.readinessWaiters = readinessWaiters
  }

  /// The store became ready with this step.
  @inlinable var becameReady: Bool { readinessWaiters != nil }
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
