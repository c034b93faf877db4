/// Anything that dispatches type-erased items: stores and side-effect contexts.
///
/// Conformers implement ``anyDispatch(_:)``; the typed `dispatch` overloads come from this
/// protocol's extension and check the item's kind and state type when it is handled, reporting a
/// mismatch as a ``KatanaError``. ``Store`` and ``SideEffectContext`` add overloads that check the
/// state type at compile time instead.
public protocol AnyDispatching: Sendable {
  /// Dispatches an item of any kind.
  ///
  /// Returns at once, from any thread or actor; the work starts whether or not anyone awaits.
  ///
  /// - Parameter dispatchable: a ``StateUpdater``, ``SideEffect`` or ``ReturningSideEffect``.
  /// - Returns: a handle whose value is `()` for updaters and side effects, and the returned value
  ///   for returning side effects. An item the store cannot handle yields a handle that throws
  ///   ``KatanaError/notDispatchable(_:reason:)`` or ``KatanaError/stateTypeMismatch(_:expected:actual:)``.
  @discardableResult
  func anyDispatch(_ dispatchable: any Dispatchable) -> DispatchTask<any Sendable>

  /// Dispatches an item of any kind, saying where the dispatch was made.
  ///
  /// Layers that dispatch for app code (KatanaUI's `Dispatcher`) pass their caller's location so
  /// that instrumentation (DevTools, the test store) sees it as ``DispatchEvent/callSite``. The
  /// default implementation drops it and calls ``anyDispatch(_:)``; ``Store`` keeps it.
  ///
  /// - Parameters:
  ///   - dispatchable: as for ``anyDispatch(_:)``.
  ///   - callSite: where the dispatch was made.
  /// - Returns: as ``anyDispatch(_:)``.
  @discardableResult
  func anyDispatch(_ dispatchable: any Dispatchable, callSite: DispatchCallSite) -> DispatchTask<any Sendable>
}

extension AnyDispatching {
  /// Calls ``anyDispatch(_:)``: a conformer that does not record call sites drops it.
  @discardableResult
  public func anyDispatch(_ dispatchable: any Dispatchable, callSite: DispatchCallSite) -> DispatchTask<any Sendable> {
    anyDispatch(dispatchable)
  }

  /// Dispatches a state updater; the handle's value returns once the update is applied and
  /// listeners have heard of it.
  ///
  /// - Throws (from `value`): ``KatanaError/stateTypeMismatch(_:expected:actual:)`` when the
  ///   updater's state type is not the store's.
  @discardableResult
  public func dispatch<T: StateUpdater>(_ dispatchable: T) -> DispatchTask<Void> {
    anyDispatch(dispatchable).erased()
  }

  /// Dispatches a side effect; the handle's value returns when its body returns.
  ///
  /// - Throws (from `value`): what the body throws, or a ``KatanaError`` when the side effect's
  ///   state or dependency type is not the store's.
  @discardableResult
  public func dispatch<T: SideEffect>(_ dispatchable: T) -> DispatchTask<Void> {
    anyDispatch(dispatchable).erased()
  }

  /// Dispatches a returning side effect; the handle's value is what its body returns.
  ///
  /// - Throws (from `value`): what the body throws, or
  ///   ``KatanaError/returningSideEffectSwallowed(_:)`` when an interceptor swallowed it.
  @discardableResult
  public func dispatch<T: ReturningSideEffect>(_ dispatchable: T) -> DispatchTask<T.ReturnValue> {
    anyDispatch(dispatchable).erased()
  }
}
