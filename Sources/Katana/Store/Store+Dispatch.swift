extension Store {
  /// Dispatches a state updater of this store's state type (checked at compile time).
  ///
  /// Returns at once. With no interceptors the update is applied before this returns, on the
  /// calling thread; the handle's value returns once listeners have heard of it too.
  ///
  /// - Returns: a handle; its `value` throws ``KatanaError/dispatchFromStateUpdater(_:)`` if this
  ///   was called from inside an updater of this store, or ``KatanaError/storeReleased(_:)``.
  @discardableResult @inlinable
  public func dispatch<T: StateUpdater>(_ dispatchable: T) -> DispatchTask<Void> where T.StateType == S {
    core.dispatchUpdater(dispatchable)
  }

  /// Dispatches a side effect of this store's state and dependency types (checked at compile time).
  ///
  /// Returns at once; the side effect starts in its own task (after the store is ready). The
  /// handle's value returns when the body returns, or rethrows what it threw.
  @discardableResult
  public func dispatch<T: SideEffect>(_ dispatchable: T) -> DispatchTask<Void>
  where T.StateType == S, T.Dependencies == D {
    core.dispatchSideEffect(dispatchable)
  }

  // Returning side effects: Store+ReturningSideEffect.swift (typed, type-erased, mismatched).

  /// Dispatches an item whose kind and types are checked when it is handled.
  @discardableResult
  public func anyDispatch(_ dispatchable: any Dispatchable) -> DispatchTask<any Sendable> {
    core.anyDispatch(dispatchable)
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
  public func dispatch<T: StateUpdater>(_ dispatchable: T) -> DispatchTask<Void> {
    anyDispatch(dispatchable).erased()
  }

  /// Flags, at compile time, a side effect of another state or dependency type than the store's.
  ///
  /// Such a call can only fail with a ``KatanaError``; see the updater overload.
  @available(*, deprecated, message: "the side effect's StateType or Dependencies is not this store's: the dispatch fails with a KatanaError")
  @discardableResult
  public func dispatch<T: SideEffect>(_ dispatchable: T) -> DispatchTask<Void> {
    anyDispatch(dispatchable).erased()
  }
}
