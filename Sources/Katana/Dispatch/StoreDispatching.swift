/// Something that dispatches to one store, with the store's state and dependency types known at
/// compile time: the ``Store`` itself, and the ``SideEffectContext`` its side effects receive.
///
/// The typed `dispatch` overloads of both live in this protocol's extension, so they are written
/// once: an item of the store's types is dispatched on the typed path, with its call site; an
/// item of other types compiles with a deprecation warning (an error under
/// `-warnings-as-errors`), because it can only fail.
///
/// Dispatching through a context is dispatching to its store: the item passes every interceptor.
public protocol StoreDispatching: AnyDispatching {
  /// The store's state type.
  associatedtype StateType: State
  /// The store's dependency container type.
  associatedtype Dependencies: SideEffectDependencyContainer

  /// The context the store's side effects receive; dispatching through it is dispatching to the
  /// store. The store keeps one (a context is itself), and it never keeps the store alive (see
  /// ``SideEffectContext``).
  var sideEffectContext: SideEffectContext<StateType, Dependencies> { get }
}

extension StoreDispatching {
  /// Dispatches a state updater of the store's state type (checked at compile time).
  ///
  /// Returns at once. On a ready store with no updater chain running, the update is applied
  /// before this returns, on the calling thread, with or without interceptors; the handle's
  /// value returns once listeners have heard of it too.
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
  ) -> DispatchTask<Void> where T.StateType == StateType {
    sideEffectContext.core.dispatchUpdater(
      dispatchable, callSite: DispatchCallSite(fileID: fileID, line: line, function: function))
  }

  /// Dispatches a side effect of the store's state and dependency types (checked at compile
  /// time).
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
  ) -> DispatchTask<Void> where T.StateType == StateType, T.Dependencies == Dependencies {
    sideEffectContext.core.dispatchSideEffect(
      dispatchable, callSite: DispatchCallSite(fileID: fileID, line: line, function: function))
  }

  // Returning side effects: StoreDispatching+ReturningSideEffect.swift (typed, type-erased,
  // mismatched).

  /// Flags, at compile time, an updater of another state type than the store's.
  ///
  /// Such a call can only fail, with ``KatanaError/stateTypeMismatch(_:expected:actual:)``. This
  /// overload exists so the compiler warns about it (an error under `-warnings-as-errors`)
  /// instead of silently choosing the type-erased overload.
  ///
  /// - Parameters:
  ///   - dispatchable: the updater.
  ///   - fileID: unused; the same parameters as the typed overload, so that overload resolution
  ///     ranks the two alike.
  ///   - line: unused.
  ///   - function: unused.
  @available(*, deprecated, message: "the updater's StateType is not this store's state type: the dispatch fails with KatanaError.stateTypeMismatch")
  @discardableResult
  public func dispatch<T: StateUpdater>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> {
    anyDispatch(dispatchable).erased()
  }

  /// Flags, at compile time, a side effect of another state or dependency type than the store's.
  ///
  /// Such a call can only fail with a ``KatanaError``; see the updater overload.
  ///
  /// - Parameters:
  ///   - dispatchable: the side effect.
  ///   - fileID: unused; the same parameters as the typed overload, so that overload resolution
  ///     ranks the two alike.
  ///   - line: unused.
  ///   - function: unused.
  @available(*, deprecated, message: "the side effect's StateType or Dependencies is not this store's: the dispatch fails with a KatanaError")
  @discardableResult
  public func dispatch<T: SideEffect>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> {
    anyDispatch(dispatchable).erased()
  }
}
