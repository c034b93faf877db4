/// The store as a side effect sees it, with state and dependency types erased.
///
/// ``ReturningSideEffect``s receive this so that libraries can ship them without knowing the app's
/// types. The value is always the store's own ``SideEffectContext``, so cast it to reach typed
/// state and dependencies:
///
/// ```swift
/// guard let context = context as? SideEffectContext<AppState, AppDependencies> else { … }
/// ```
///
/// Dispatching through a context is dispatching through the store: the item passes every
/// interceptor again.
public protocol AnySideEffectContext: AnyDispatching {
  /// The store's dependency container.
  var anyDependencies: any SideEffectDependencyContainer { get }

  /// The store's state at the moment of the call.
  func getAnyState() -> any State
}
