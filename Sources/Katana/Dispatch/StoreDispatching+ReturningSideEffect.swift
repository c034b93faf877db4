extension StoreDispatching {
  /// Dispatches a returning side effect of the store's state and dependency types (checked at
  /// compile time); the handle's value is what its body returns.
  ///
  /// Returns at once; the side effect starts in its own task (after the store is ready).
  ///
  /// - Parameters:
  ///   - dispatchable: the returning side effect.
  ///   - fileID: where the dispatch is made; leave the default. Instrumentation (DevTools, the test
  ///     store) reads it as ``DispatchEvent/callSite``; without instrumentation it costs nothing.
  ///   - line: the line of the call; leave the default.
  ///   - function: the function making the call; leave the default.
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<T.ReturnValue> where T.StateType == StateType, T.Dependencies == Dependencies {
    sideEffectContext.core.dispatchReturningSideEffect(
      dispatchable, callSite: DispatchCallSite(fileID: fileID, line: line, function: function))
  }

  /// Dispatches a returning side effect that declares no store types (it implements only the
  /// type-erased requirement, so it runs in any store); the handle's value is what its body
  /// returns.
  ///
  /// - Parameters:
  ///   - dispatchable: the returning side effect.
  ///   - fileID: where the dispatch is made; leave the default. Instrumentation (DevTools, the test
  ///     store) reads it as ``DispatchEvent/callSite``; without instrumentation it costs nothing.
  ///   - line: the line of the call; leave the default.
  ///   - function: the function making the call; leave the default.
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<T.ReturnValue> where T.StateType == UndeclaredState, T.Dependencies == UndeclaredDependencies {
    sideEffectContext.core.dispatchReturningSideEffect(
      dispatchable, callSite: DispatchCallSite(fileID: fileID, line: line, function: function))
  }

  /// Flags, at compile time, a returning side effect of another state or dependency type than
  /// the store's.
  ///
  /// Such a call can only fail: `value` throws ``KatanaError/stateTypeMismatch(_:expected:actual:)``
  /// or ``KatanaError/dependenciesTypeMismatch(_:expected:actual:)``. Generic code that forwards
  /// any returning side effect calls ``AnyDispatching/anyDispatch(_:)`` or ``AnyDispatching``'s
  /// overload instead.
  ///
  /// - Parameters:
  ///   - dispatchable: the returning side effect.
  ///   - fileID: where the dispatch is made; leave the default. Instrumentation (DevTools, the test
  ///     store) reads it as ``DispatchEvent/callSite``; without instrumentation it costs nothing.
  ///   - line: the line of the call; leave the default.
  ///   - function: the function making the call; leave the default.
  @available(*, deprecated, message: "the returning side effect's SideEffectContext is not of this store's state and dependency types: dispatch it to its own store, or the dispatch fails with a KatanaError")
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<T.ReturnValue> {
    sideEffectContext.core.dispatchReturningSideEffect(
      dispatchable, callSite: DispatchCallSite(fileID: fileID, line: line, function: function))
  }
}
