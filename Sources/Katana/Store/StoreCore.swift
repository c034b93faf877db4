public import KatanaSupport

/// The engine behind a ``Store``: its lock-guarded ``StoreMachine`` plus the code that acts on
/// the machine's decisions.
///
/// The public ``Store`` is a thin owner of this object. Side-effect contexts, dependency
/// containers, dispatch handles and running tasks hold the core, never the ``Store``, so releasing
/// the last user reference to the store releases it at once; its `deinit` then moves the core to
/// the `released` phase, which fails what is still waiting and drops listeners, interceptors and
/// the dependency container.
///
/// Hot path, per updater dispatched to a ready store (nobody holds the line):
/// - no interceptors, no instrumentation (``isDirect``): one lock round trip around the user's
///   mutation, with no task, actor hop, clock read or allocation
///   (``applyDirectly(_:reportedAs:itemType:)``); listeners, if any, are called after it;
/// - instrumentation, no interceptors: the same round trip, which also copies the states around
///   the update for the instrumentation (``dispatchInstrumented(_:reportedAs:callSite:itemType:)``);
/// - interceptors: the chain runs inline on the dispatching thread, with three round trips:
///   claim the line, apply at the chain's end, let go of the line (``routeThroughChain(_:itemType:callSite:remember:)``).
/// Anything else waits in the machine's one line (see ``StoreMachine``) and costs a completion.
@usableFromInline
final class StoreCore<S: State, D: SideEffectDependencyContainer>: Sendable {
  /// The store's one lock and everything it guards.
  ///
  /// **Lock rule**: every entry reachable from user code takes it with `withLockUnlessOwned` and
  /// handles `nil` (the calling thread already holds it, which only happens when an updater of
  /// this store calls back into the store) with a typed error or a message naming the updater;
  /// `withLock` is kept for paths that user code cannot reach while the lock is held (the
  /// initialisation task, the release in `deinit`, delivery loops entered after the lock was let
  /// go). Nothing calls user code under the lock except ``StateUpdater/updateState(_:)``.
  @usableFromInline let machine: LockedValue<StoreMachine<S, D>>
  @usableFromInline let hasInterceptors: Bool
  /// The instrumentation; one that does nothing when the store has none (``isInstrumented``
  /// says which). Not optional: the hot path calls it in place, where an optional existential
  /// was copied through run-time metadata at every use.
  @usableFromInline let instrumentation: any DispatchInstrumentation
  /// Neither interceptors nor instrumentation: updaters take the synchronous hot path.
  @usableFromInline let isDirect: Bool
  /// `instrumentation != nil`, without copying the existential to find out.
  @usableFromInline let isInstrumented: Bool
  /// Whether the instrumentation wants the states around each updater
  /// (``DispatchInstrumentation/observesStateChanges``).
  @usableFromInline let reportsStateChanges: Bool
  /// Where updaters go instead of the instrumentation's reports, while it is on (an
  /// instrumentation that offers one; see ``JournalingInstrumentation``).
  @usableFromInline let updaterJournal: UpdaterJournal<S>?
  /// Readiness and the initialisation error: the one store state outside the machine, because
  /// it must be readable from inside an updater, where this thread holds the machine's lock.
  /// (Release handlers and readiness waiters are in the machine; cancel-by-id keeps its own
  /// registry below, because it is touched only by cancellable side effects.)
  let status = LockedValue(StoreStatus())
  /// What the thread handling an updater knows about it: the type being applied, the running
  /// chain's token, the journaled chain (see ``ChainContext``).
  ///
  /// Safety of `nonisolated(unsafe)`: every field is written and read by one thread at a time,
  /// the one that owns the updater's handling, and another thread only gets to it after a hand
  /// over through `machine`'s lock. `applyingType` is written only while holding that lock (right
  /// before and after an updater's `updateState`) and read only by a thread that found it holds
  /// the lock already (a misuse from inside that very updater). `token` and `journal` are written
  /// only by the thread running the interceptor chain (right before and after the chain's call,
  /// while the machine records that thread as the line's runner), and read at the chain's end or
  /// by a dispatch from an interceptor only by a thread that found, under the lock, that it is
  /// that runner. It replaces binding a task-local around every chain, which cost more than the
  /// rest of the hook. `@exclusivity(unchecked)`: the one-thread rule above is the exclusivity.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var context = ChainContext()
  /// Cancel in flight by id (Cancellation/); untouched unless a cancellable side
  /// effect starts or `cancel(id:)` is called.
  let cancellations = CancellationRegistry()

  @usableFromInline
  init(hasInterceptors: Bool, instrumentation: (any DispatchInstrumentation)?) {
    machine = LockedValue(StoreMachine(state: S()))
    self.hasInterceptors = hasInterceptors
    self.instrumentation = instrumentation ?? NoInstrumentation()
    isInstrumented = instrumentation != nil
    reportsStateChanges = instrumentation?.observesStateChanges ?? false
    updaterJournal = (instrumentation as? any JournalingInstrumentation)?.updaterJournal(for: S.self)
    isDirect = !hasInterceptors && instrumentation == nil
  }

  /// The current state; the last state once the store has been released.
  ///
  /// Reading it from inside a state updater of the same store is a programming error (the state
  /// is being mutated in place) and stops the program with an explanation naming the updater.
  @inlinable
  var currentState: S {
    guard let state = machine.withLockUnlessOwned({ $0.state }) else {
      misuse("the store's state was read", hint: "an updater receives the state as its inout argument; read that instead")
    }
    return state
  }

  var isReady: Bool {
    status.withLock { $0.isReady }
  }

  var initializationError: (any Error)? {
    status.withLock { $0.initializationError }
  }

  /// Stops the program with a message naming the updater from which the store was misused.
  ///
  /// Only for misuses that have no typed error to carry them (a dispatch gets
  /// ``KatanaError/dispatchFromStateUpdater(_:)`` instead).
  @usableFromInline
  func misuse(_ what: String, hint: String) -> Never {
    let updater = context.applyingType.map { String(reflecting: $0) } ?? "a StateUpdater"
    preconditionFailure(
      "Katana: \(what) from inside \(updater) while the store was applying it. "
        + "Updaters must be pure functions of the state: \(hint).")
  }

  /// Fails a dispatch made while this thread is applying an updater of this store.
  @usableFromInline
  func reentrantDispatch<Value>(_ item: any Dispatchable) -> DispatchTask<Value> {
    .failed(KatanaError.dispatchFromStateUpdater(item.debugDescription), item: item, dispatcher: self)
  }

  @usableFromInline
  func released<Value>(_ item: any Dispatchable) -> DispatchTask<Value> {
    .failed(KatanaError.storeReleased(item.debugDescription), item: item, dispatcher: self)
  }
}

// MARK: - The plain dispatch

// A plain `store.dispatch(updater)` reads top to bottom here: `StoreDispatching` calls
// `dispatchUpdater`, which picks the route; a store without interceptors or instrumentation applies
// the updater through `applyDirectly`, `applyUpdate` and `withApplyingLock`, the lock every route
// takes, into the machine's one apply (StoreMachine.swift). The other routes are in
// StoreCore+Updaters.swift.

extension StoreCore {
  /// Dispatches a typed updater: the hot path when the store is direct and ready.
  ///
  /// - Parameter callSite: where it was dispatched, for the instrumentation; unused (and, inlined,
  ///   never built) without it.
  @inlinable
  func dispatchUpdater<T: StateUpdater>(_ updater: T, callSite: DispatchCallSite? = nil) -> DispatchTask<Void>
  where T.StateType == S {
    if isDirect { return applyDirectly(updater, reportedAs: updater, itemType: T.self) }
    if hasInterceptors { return dispatchThroughChain(updater, callSite: callSite) }
    return dispatchInstrumented(updater, reportedAs: updater, callSite: callSite, itemType: T.self)
  }

  // MARK: Without interceptors

  /// Applies an updater synchronously on the calling thread (no interceptors).
  @inlinable
  func applyDirectly<T: StateUpdater>(_ updater: T, reportedAs item: any Dispatchable) -> DispatchTask<Void>
  where T.StateType == S {
    applyDirectly(updater, reportedAs: item, itemType: type(of: item))
  }

  /// Applies an updater synchronously; `itemType` is the type of `item`, passed separately so
  /// that the typed hot path names it statically instead of reading it out of the existential.
  /// `item` is built only when the update is not simply applied: an existential of the updater,
  /// built and destroyed on every dispatch, cost W1 about 20 instructions.
  @inlinable @inline(__always)
  func applyDirectly<T: StateUpdater>(
    _ updater: T, reportedAs item: @autoclosure () -> any Dispatchable, itemType: any Dispatchable.Type
  ) -> DispatchTask<Void> where T.StateType == S {
    var recording = NoChangeRecording<S>()
    guard let step = applyUpdate(updater, as: itemType, when: .ifReady, recording: &recording) else {
      return reentrantDispatch(item())
    }
    switch step {
    case .applied:
      return .applied(itemType)
    case .deliver(let slot):
      deliver(slot)
      return .applied(itemType)
    default:
      return finishDirectApply(step, updater: updater, item: item())
    }
  }

  /// Applies a typed updater: the machine's one apply
  /// (``StoreMachine/apply(_:when:recording:completion:)``) under the store's lock. The routes
  /// differ only in `admission` and `recording`; the three that send the machine another event in
  /// the same hold of the lock (a journal asked first, a line to wait in, the chain's applier
  /// looked up) call the same apply inside ``withApplyingLock(_:_:)`` themselves.
  ///
  /// - Parameters:
  ///   - itemType: the type of the item dispatched, for the misuse message.
  ///   - admission: whether it may apply now (see ``ApplyAdmission``).
  ///   - recording: what to keep of the change for the instrumentation.
  ///   - completion: settled by the deliverer when another thread delivers.
  /// - Returns: the machine's step, or `nil` when this thread is inside an updater of this store
  ///   (nothing applied).
  @inlinable @inline(__always)
  func applyUpdate<T: StateUpdater, Recording: ChangeRecording<S>>(
    _ updater: T, as itemType: any Dispatchable.Type, when admission: ApplyAdmission,
    recording: inout Recording, completion: DispatchCompletion? = nil
  ) -> ApplyStep<S>? where T.StateType == S {
    withApplyingLock(itemType) { machine in
      machine.apply({ updater.updateState(&$0) }, when: admission, recording: &recording, completion: completion)
    }
  }

  /// The lock closure every route that applies an updater goes through: takes the machine's lock
  /// and marks, for the time `body` runs, which type is being applied, so that a dispatch made
  /// from inside its `updateState` is reported by name (``KatanaError/dispatchFromStateUpdater(_:)``).
  ///
  /// Always inlined: it is the body of every hot path, and a call here cost 53 instructions per
  /// dispatch when the compiler left it out of line (tried in revision 4).
  ///
  /// - Parameters:
  ///   - itemType: the type of the item being applied, for the misuse message.
  ///   - body: the machine's event(s) for this apply; runs under the lock.
  /// - Returns: `body`'s result, or `nil` when this thread already holds the lock (a dispatch
  ///   from inside an updater): nothing ran.
  @inlinable @inline(__always)
  func withApplyingLock<Result>(
    _ itemType: any Dispatchable.Type, _ body: (inout StoreMachine<S, D>) -> Result
  ) -> Result? {
    machine.withLockUnlessOwned { machine in
      context.applyingType = itemType
      defer { context.applyingType = nil }
      return body(&machine)
    }
  }
}

/// The instrumentation of a store that has none; never called (``StoreCore/isInstrumented`` is
/// `false`).
private struct NoInstrumentation: DispatchInstrumentation {
  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? { nil }
  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {}
}

/// What can be read about a store from anywhere, without its machine's lock.
struct StoreStatus: Sendable {
  var isReady = false
  var initializationError: (any Error)?
}

extension StoreCore: StoreReleaseObserving {
  func whenReleased(_ handler: @escaping @Sendable () -> Void) {
    // `withLock`: only interceptors' initialisation calls this, never an updater.
    let added = machine.withLock { $0.addReleaseHandler(handler) }
    if !added { handler() }
  }
}

/// Something that can tell when its store is released.
protocol StoreReleaseObserving: Sendable {
  /// Calls `handler` once when the store is released (at once if it already is).
  func whenReleased(_ handler: @escaping @Sendable () -> Void)
}

extension StoreCore: Redispatching {
  @usableFromInline
  func redispatch(_ item: any Dispatchable) -> DispatchTask<any Sendable> {
    anyDispatch(item)
  }
}

// MARK: - The chain context

/// What the thread holding a store's lock, or running its interceptor chain, knows about the
/// updater it is handling: the one value that ``StoreCore`` keeps outside its machine, read
/// without a lock.
///
/// It lives outside the machine because it must be read where the machine cannot be reached: a
/// misuse from inside an updater (this thread holds the lock), an item an interceptor dispatches
/// (this thread runs the chain, and the chain's end must not take the lock once more to learn
/// whose chain it is). Every field is only ever touched by that one thread; see
/// ``StoreCore/context`` for why that makes the unsynchronised access safe.
@usableFromInline
struct ChainContext {
  /// The type of the updater being applied, for misuse messages; set under the machine's lock
  /// around each `updateState`.
  @usableFromInline var applyingType: (any Dispatchable.Type)?
  /// The instrumentation token of the updater whose interceptor chain is running, the parent of
  /// what its interceptors dispatch; `nil` when no instrumented chain runs.
  @usableFromInline var token: (any Sendable)?
  /// The journaled chain this thread runs, if any (``StoreCore/inJournaledChain(_:_:)``).
  @usableFromInline var journal = JournaledChain()

  @inlinable
  init() {}
}

/// A chain that journals its applies instead of reporting them (see ``UpdaterJournal``): what
/// the chain's end journals each apply with, and what it counted. Plain fields, not optionals of
/// a struct: an optional struct holding existentials is copied through value witnesses.
@usableFromInline
struct JournaledChain {
  /// Whether a journaled chain runs.
  @usableFromInline var isOn = false
  /// The type of the item the chain runs for.
  @usableFromInline var requestType = ObjectIdentifier(Never.self)
  /// Where that item was dispatched.
  @usableFromInline var callSite: DispatchCallSite?
  /// Who dispatched it; read only when ``hasParent`` (testing the optional existential itself
  /// goes through its value witnesses).
  @usableFromInline var parent: (any Sendable)?
  /// Whether ``parent`` is set.
  @usableFromInline var hasParent = false
  /// Applies journaled so far.
  @usableFromInline var applies = 0
  /// The sequence of the first apply journaled with another type than the item's (0: none),
  /// whose request the runner notes after the chain.
  @usableFromInline var replacedSequence: UInt64 = 0
  /// Whether an apply found the journal off and kept the change for a report instead.
  @usableFromInline var fellBack = false

  @inlinable
  init() {}

  /// A chain starting for an item of type `requestType` dispatched at `callSite`.
  @inlinable
  init(requestType: ObjectIdentifier, callSite: DispatchCallSite?) {
    isOn = true
    self.requestType = requestType
    self.callSite = callSite
  }
}
