extension Store {
  /// Dispatches a returning side effect of this store's state and dependency types (checked at
  /// compile time); the handle's value is what its body returns.
  ///
  /// Returns at once; the side effect starts in its own task (after the store is ready).
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(_ dispatchable: T) -> DispatchTask<T.ReturnValue>
  where T.StateType == S, T.Dependencies == D {
    core.dispatchReturningSideEffect(dispatchable)
  }

  /// Dispatches a returning side effect that declares no store types (it implements only the
  /// type-erased requirement, so it runs in any store); the handle's value is what its body
  /// returns.
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(_ dispatchable: T) -> DispatchTask<T.ReturnValue>
  where T.StateType == UndeclaredState, T.Dependencies == UndeclaredDependencies {
    core.dispatchReturningSideEffect(dispatchable)
  }

  /// Flags, at compile time, a returning side effect of another state or dependency type than
  /// the store's.
  ///
  /// Such a call can only fail: `value` throws ``KatanaError/stateTypeMismatch(_:expected:actual:)``
  /// or ``KatanaError/dependenciesTypeMismatch(_:expected:actual:)``. Generic code that forwards
  /// any returning side effect calls ``anyDispatch(_:)`` or ``AnyDispatching``'s overload instead.
  @available(*, deprecated, message: "the returning side effect's SideEffectContext is not of this store's state and dependency types: dispatch it to its own store, or the dispatch fails with a KatanaError")
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(_ dispatchable: T) -> DispatchTask<T.ReturnValue> {
    core.dispatchReturningSideEffect(dispatchable)
  }

  /// Dispatches any returning side effect without the compile-time check of the store's types,
  /// for sibling products (the test store) that forward a generic one.
  package func dispatchUnchecked<T: ReturningSideEffect>(_ dispatchable: T) -> DispatchTask<T.ReturnValue> {
    core.dispatchReturningSideEffect(dispatchable)
  }
}
