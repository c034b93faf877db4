public import KatanaSupport

/// What a side effect gets to do its work: the live state, the dependencies and dispatch.
///
/// A context is cheap to copy and safe to use from any thread, during the side effect and after
/// it. It never keeps the store itself alive: once the store is released, ``getState()`` returns
/// the last state and every dispatch yields a handle that throws ``KatanaError/storeReleased(_:)``.
///
/// The typed `dispatch` overloads accept only items of this store's state (and dependency) types,
/// checked at compile time.
public struct SideEffectContext<S: State, D: SideEffectDependencyContainer>: AnySideEffectContext {
  /// The store's dependency container; the same instance for every side effect of the store.
  public let dependencies: D

  @usableFromInline let core: StoreCore<S, D>

  @usableFromInline
  init(core: StoreCore<S, D>, dependencies: D) {
    self.core = core
    self.dependencies = dependencies
  }

  /// The store's state at the moment of the call (not a snapshot taken when the side effect
  /// started): after awaiting a dispatched updater it includes that update.
  public func getState() -> S {
    core.currentState
  }

  /// The dependency container, type-erased.
  public var anyDependencies: any SideEffectDependencyContainer { dependencies }

  /// The store's state at the moment of the call, type-erased.
  public func getAnyState() -> any State { core.currentState }

  /// Dispatches an item of any kind to the store; see ``AnyDispatching/anyDispatch(_:)``.
  @discardableResult
  public func anyDispatch(_ dispatchable: any Dispatchable) -> DispatchTask<any Sendable> {
    core.anyDispatch(dispatchable)
  }

  /// Dispatches a state updater of this store's state type.
  ///
  /// The handle's value returns once the update is applied and listeners have heard of it.
  @discardableResult @inlinable
  public func dispatch<T: StateUpdater>(_ dispatchable: T) -> DispatchTask<Void> where T.StateType == S {
    core.dispatchUpdater(dispatchable)
  }

  /// Dispatches a side effect of this store's state and dependency types.
  ///
  /// The handle's value returns when the side effect's body returns, or rethrows its error.
  @discardableResult
  public func dispatch<T: SideEffect>(_ dispatchable: T) -> DispatchTask<Void>
  where T.StateType == S, T.Dependencies == D {
    core.dispatchSideEffect(dispatchable)
  }

  // Returning side effects: SideEffectContext+ReturningSideEffect.swift.
}

extension SideEffectContext: StoreReleaseObserving {
  func whenReleased(_ handler: @escaping @Sendable () -> Void) {
    core.whenReleased(handler)
  }
}

extension SideEffectContext {
  /// Flags, at compile time, an updater of another state type than the store's; such a dispatch
  /// fails with ``KatanaError/stateTypeMismatch(_:expected:actual:)``.
  @available(*, deprecated, message: "the updater's StateType is not this store's state type: the dispatch fails with KatanaError.stateTypeMismatch")
  @discardableResult
  public func dispatch<T: StateUpdater>(_ dispatchable: T) -> DispatchTask<Void> {
    anyDispatch(dispatchable).erased()
  }

  /// Flags, at compile time, a side effect of another state or dependency type than the store's;
  /// such a dispatch fails with a ``KatanaError``.
  @available(*, deprecated, message: "the side effect's StateType or Dependencies is not this store's: the dispatch fails with a KatanaError")
  @discardableResult
  public func dispatch<T: SideEffect>(_ dispatchable: T) -> DispatchTask<Void> {
    anyDispatch(dispatchable).erased()
  }
}

extension SideEffectContext {
  /// Support for KatanaDevTools, not API (hence the underscore; it may change without notice).
  ///
  /// The state now, and whether the updater whose interceptor chain this thread is running was
  /// queued (rather than run inline, on its dispatcher's thread): one lock round trip. DevTools
  /// records updaters in its interceptor with it, so that the store can leave updaters out of the
  /// instrumentation hook. Call it only from an updater's interceptor chain, after `next` returned.
  @inlinable
  public func _stateAndRunningUpdater() -> (state: S, wasQueued: Bool) {
    guard let read = core.machine.withLockUnlessOwned({ ($0.state, $0.isRunningQueued) }) else {
      core.misuse("the store's state was read", hint: "an updater receives the state as its inout argument; read that instead")
    }
    return read
  }

  /// Support for KatanaDevTools, not API: for the queued updater whose chain this thread is
  /// running, how long it waited in nanoseconds (`nil` when unknown: the store has no
  /// instrumentation) and the instrumentation token of the side effect that dispatched it.
  @inlinable
  public func _runningQueuedUpdater() -> (waitNanoseconds: Int64?, parent: (any Sendable)?) {
    let queued = core.machine.withLockUnlessOwned { machine -> (Int64?, (any Sendable)?) in
      guard machine.isRunningQueued else { return (nil, nil) }
      let wait = machine.runningQueuedWaitNanoseconds
      return (wait >= 0 ? wait : nil, machine.runningQueuedParent)
    }
    return queued ?? (nil, nil)
  }

  /// Support for KatanaDevTools, not API: the instrumentation token of the side effect whose body
  /// is running on this task (the parent of what it dispatches), if any.
  @inlinable
  public func _currentParent() -> (any Sendable)? {
    InstrumentationScope.parent
  }
}
