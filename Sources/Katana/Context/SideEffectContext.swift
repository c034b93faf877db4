import KatanaSupport

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
  ///
  /// - Parameters:
  ///   - dispatchable: the updater.
  ///   - fileID: where the dispatch is made; leave the default. Instrumentation (DevTools, the test
  ///     store) reads it as ``DispatchEvent/callSite``; without instrumentation it costs nothing.
  ///   - line: the line of the call; leave the default.
  ///   - function: the function making the call; leave the default.
  @discardableResult @inlinable
  public func dispatch<T: StateUpdater>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> where T.StateType == S {
    core.dispatchUpdater(dispatchable, callSite: DispatchCallSite(fileID: fileID, line: line, function: function))
  }

  /// Dispatches a side effect of this store's state and dependency types.
  ///
  /// The handle's value returns when the side effect's body returns, or rethrows its error.
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
  public func dispatch<T: StateUpdater>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> {
    // Same parameters as the typed overload, so that overload resolution ranks the two alike.
    anyDispatch(dispatchable).erased()
  }

  /// Flags, at compile time, a side effect of another state or dependency type than the store's;
  /// such a dispatch fails with a ``KatanaError``.
  @available(*, deprecated, message: "the side effect's StateType or Dependencies is not this store's: the dispatch fails with a KatanaError")
  @discardableResult
  public func dispatch<T: SideEffect>(
    _ dispatchable: T, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<Void> {
    // Same parameters as the typed overload, so that overload resolution ranks the two alike.
    anyDispatch(dispatchable).erased()
  }
}
