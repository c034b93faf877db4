import KatanaSupport

/// What a side effect gets to do its work: the live state, the dependencies and dispatch.
///
/// A context is cheap to copy and safe to use from any thread, during the side effect and after
/// it. It never keeps the store itself alive: once the store is released, ``getState()`` returns
/// the last state and every dispatch yields a handle that throws ``KatanaError/storeReleased(_:)``.
///
/// The typed `dispatch` overloads accept only items of this store's state (and dependency) types,
/// checked at compile time.
public struct SideEffectContext<S: State, D: SideEffectDependencyContainer>: AnySideEffectContext, StoreDispatching {
  /// The store's state type.
  public typealias StateType = S
  /// The store's dependency container type.
  public typealias Dependencies = D

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
  ///
  /// A side effect dispatched from a UI session (its task's ``DispatchRouting/router`` is set)
  /// sees the session's own fields over the store's state (the text its browser page is typing).
  public func getState() -> S {
    let state = core.currentState
    guard let router = DispatchRouting.router else { return state }
    return router.overlay(state)
  }

  /// The dependency container, type-erased.
  public var anyDependencies: any SideEffectDependencyContainer { dependencies }

  /// The store's own state at the moment of the call, type-erased: never overlaid by a
  /// ``DispatchRouting/router`` (interceptors, which read it around every updater, must see the
  /// store's state and pay no task-local read).
  public func getAnyState() -> any State { core.currentState }

  /// Dispatches an item of any kind to the store; see ``AnyDispatching/anyDispatch(_:)``.
  @discardableResult
  public func anyDispatch(_ dispatchable: any Dispatchable) -> DispatchTask<any Sendable> {
    if let updater = dispatchable as? any StateUpdater,
      let routed = DispatchRouting.router?.route(updater, callSite: nil)
    {
      return routed
    }
    return core.anyDispatch(dispatchable)
  }

  /// Dispatches a state updater of the store's state type, first offering it to the task's
  /// ``DispatchRouting/router`` (a UI session); otherwise as ``StoreDispatching``'s overload does.
  @discardableResult
  public func dispatch<T: StateUpdater>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> where T.StateType == S {
    let callSite = DispatchCallSite(fileID: fileID, line: line, function: function)
    if let routed = DispatchRouting.router?.route(dispatchable, callSite: callSite) { return routed.erased() }
    return core.dispatchUpdater(dispatchable, callSite: callSite)
  }

  /// This context (see ``StoreDispatching``).
  @inlinable
  public var sideEffectContext: SideEffectContext<S, D> { self }

  // The typed dispatch overloads: StoreDispatching.swift, shared with Store.
}

extension SideEffectContext: StoreReleaseObserving {
  func whenReleased(_ handler: @escaping @Sendable () -> Void) {
    core.whenReleased(handler)
  }
}
