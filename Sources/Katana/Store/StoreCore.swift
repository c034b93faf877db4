/// The engine behind a ``Store``: its lock-guarded ``StoreMachine`` plus the code that drives it.
///
/// The public ``Store`` is a thin owner of this object. Side-effect contexts, dependency
/// containers, dispatch handles and running tasks hold the core, never the ``Store``, so releasing
/// the last user reference to the store releases it at once; its `deinit` then moves the core to
/// the `released` phase, which fails what is still waiting and drops listeners, interceptors and
/// the dependency container.
///
/// Hot path: with no interceptors and no instrumentation, dispatching an updater to a ready store
/// is one lock round trip around the user's mutation, with no task, actor hop or allocation.
@usableFromInline
final class StoreCore<S: State, D: SideEffectDependencyContainer>: Sendable {
  @usableFromInline let machine: LockedValue<StoreMachine<S, D>>
  @usableFromInline let hasInterceptors: Bool
  @usableFromInline let instrumentation: (any DispatchInstrumentation)?
  /// Neither interceptors nor instrumentation: updaters take the synchronous hot path.
  @usableFromInline let isDirect: Bool
  /// `instrumentation != nil`, without copying the existential to find out.
  let isInstrumented: Bool
  /// Run once when the store is released; `nil` afterwards. Lets parts of interceptors that a
  /// running side effect may still hold (an observer's notification observers) stop at release,
  /// not when the last task lets go of them.
  private let releaseHandlers = LockedValue<[@Sendable () -> Void]?>([])

  init(hasInterceptors: Bool, instrumentation: (any DispatchInstrumentation)?) {
    machine = LockedValue(StoreMachine(state: S()))
    self.hasInterceptors = hasInterceptors
    self.instrumentation = instrumentation
    isInstrumented = instrumentation != nil
    isDirect = !hasInterceptors && !isInstrumented
  }

  /// The current state; the last state once the store has been released.
  ///
  /// Reading it from inside a state updater of the same store is a programming error (the state
  /// is being mutated in place) and stops the program with an explanation.
  @usableFromInline
  var currentState: S {
    guard let state = machine.withLockUnlessOwned({ $0.state }) else {
      preconditionFailure(
        "Katana: the store's state was read from inside one of its own StateUpdaters. "
          + "An updater receives the state as its inout argument; read that instead.")
    }
    return state
  }

  var isReady: Bool {
    machine.withLock { $0.phase == .ready }
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

extension StoreCore: StoreReleaseObserving {
  func whenReleased(_ handler: @escaping @Sendable () -> Void) {
    let alreadyReleased = releaseHandlers.withLock { handlers -> Bool in
      guard handlers != nil else { return true }
      handlers?.append(handler)
      return false
    }
    if alreadyReleased { handler() }
  }

  /// Runs the release handlers, once.
  func runReleaseHandlers() {
    let handlers = releaseHandlers.withLock { handlers in
      defer { handlers = nil }
      return handlers ?? []
    }
    for handler in handlers { handler() }
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
