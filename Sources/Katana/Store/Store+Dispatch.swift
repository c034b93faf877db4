extension Store: StoreDispatching {
  /// The store's dependency container type.
  public typealias Dependencies = D

  // The typed dispatch overloads: StoreDispatching.swift, shared with SideEffectContext.

  /// The context the store's side effects receive (see ``StoreDispatching``).
  @inlinable
  public var sideEffectContext: SideEffectContext<S, D> {
    SideEffectContext(core: core, dependencies: dependencies)
  }

  /// Dispatches an item whose kind and types are checked when it is handled.
  @discardableResult
  public func anyDispatch(_ dispatchable: any Dispatchable) -> DispatchTask<any Sendable> {
    core.anyDispatch(dispatchable)
  }

  /// Dispatches an item whose kind and types are checked when it is handled, made at `callSite`
  /// (instrumentation sees it as ``DispatchEvent/callSite``).
  @discardableResult
  public func anyDispatch(_ dispatchable: any Dispatchable, callSite: DispatchCallSite) -> DispatchTask<any Sendable> {
    core.anyDispatch(dispatchable, callSite: callSite)
  }
}
