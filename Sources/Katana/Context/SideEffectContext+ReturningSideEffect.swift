extension SideEffectContext {
  /// Dispatches a returning side effect of this store's state and dependency types (checked at
  /// compile time); the handle's value is what its body returns.
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(_ dispatchable: T) -> DispatchTask<T.ReturnValue>
  where T.StateType == S, T.Dependencies == D {
    core.dispatchReturningSideEffect(dispatchable)
  }

  /// Dispatches a returning side effect that declares no store types (it runs in any store); the
  /// handle's value is what its body returns.
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(_ dispatchable: T) -> DispatchTask<T.ReturnValue>
  where T.StateType == UndeclaredState, T.Dependencies == UndeclaredDependencies {
    core.dispatchReturningSideEffect(dispatchable)
  }

  /// Flags, at compile time, a returning side effect of another state or dependency type than
  /// the store's; `value` then throws a ``KatanaError``.
  @available(*, deprecated, message: "the returning side effect's SideEffectContext is not of this store's state and dependency types: dispatch it to its own store, or the dispatch fails with a KatanaError")
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(_ dispatchable: T) -> DispatchTask<T.ReturnValue> {
    core.dispatchReturningSideEffect(dispatchable)
  }
}
