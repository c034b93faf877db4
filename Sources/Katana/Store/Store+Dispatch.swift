extension Store {
  /// Dispatches a state updater of this store's state type (checked at compile time).
  ///
  /// Returns at once. With no interceptors the update is applied before this returns, on the
  /// calling thread; the handle's value returns once listeners have heard of it too.
  ///
  /// - Parameters:
  ///   - dispatchable: the updater.
  ///   - fileID: where the dispatch is made; leave the default. Instrumentation (DevTools, the test
  ///     store) reads it as ``DispatchEvent/callSite``; without instrumentation it costs nothing.
  ///   - line: the line of the call; leave the default.
  ///   - function: the function making the call; leave the default.
  /// - Returns: a handle; its `value` throws ``KatanaError/dispatchFromStateUpdater(_:)`` if this
  ///   was called from inside an updater of this store, or ``KatanaError/storeReleased(_:)``.
  @discardableResult @inlinable
  public func dispatch<T: StateUpdater>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> where T.StateType == S {
    core.dispatchUpdater(dispatchable, callSite: DispatchCallSite(fileID: fileID, line: line, function: function))
  }

  /// Dispatches a side effect of this store's state and dependency types (checked at compile time).
  ///
  /// Returns at once; the side effect starts in its own task (after the store is ready). The
  /// handle's value returns when the body returns, or rethrows what it threw.
  ///
  /// - Parameters:
  ///   - dispatchable: the side effect.
  ///   - fileID: where the dispatch is made; leave the default. Instrumentation (DevTools, the test
  ///     store) reads it as ``DispatchEvent/callSite``; without instrumentation it costs nothing.
  ///   - line: the line of the call; leave the default.
  ///   - function: the function making the call; leave the default.
  @discardableResult
  public func dispatch<T: SideEffect>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> where T.StateType == S, T.Dependencies == D {
    core.dispatchSideEffect(dispatchable, callSite: DispatchCallSite(fileID: fileID, line: line, function: function))
  }

  // Returning side effects: Store+ReturningSideEffect.swift (typed, type-erased, mismatched).

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

extension Store {
  /// Flags, at compile time, an updater of another state type than the store's.
  ///
  /// Such a call can only fail, with ``KatanaError/stateTypeMismatch(_:expected:actual:)``. This
  /// overload exists so the compiler warns about it (an error under `-warnings-as-errors`)
  /// instead of silently choosing the type-erased overload.
  @available(*, deprecated, message: "the updater's StateType is not this store's state type: the dispatch fails with KatanaError.stateTypeMismatch")
  @discardableResult
  public func dispatch<T: StateUpdater>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> {
    // Same parameters as the typed overload, so that overload resolution ranks the two alike.
    anyDispatch(dispatchable).erased()
  }

  /// Flags, at compile time, a side effect of another state or dependency type than the store's.
  ///
  /// Such a call can only fail with a ``KatanaError``; see the updater overload.
  @available(*, deprecated, message: "the side effect's StateType or Dependencies is not this store's: the dispatch fails with a KatanaError")
  @discardableResult
  public func dispatch<T: SideEffect>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> {
    // Same parameters as the typed overload, so that overload resolution ranks the two alike.
    anyDispatch(dispatchable).erased()
  }
}
