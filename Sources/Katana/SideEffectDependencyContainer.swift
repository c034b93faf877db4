/// Dispatches an item of any kind and hands back an awaitable handle with its type-erased result.
public typealias AnyDispatch = @Sendable (any Dispatchable) -> DispatchTask<any Sendable>

/// Reads the store's current state, type-erased.
public typealias GetState = @Sendable () -> any State

/// The object through which side effects reach the app's managers.
///
/// The store creates its container once, synchronously, while it is being initialised, so managers
/// can be replaced with fakes in tests without singletons. The container is shared by every side
/// effect of the store.
///
/// The `dispatch` and `getState` closures never keep the store alive. Used after the store has been
/// released, `dispatch` yields a task whose `value` throws ``KatanaError/storeReleased(_:)`` and
/// `getState` returns the last state. Before the store is ready `getState` returns the placeholder
/// `State.init()` value.
///
/// ```swift
/// final class AppDependencies: SideEffectDependencyContainer {
///   let numbers: NumberManager
///   init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
///     numbers = NumberManager()
///   }
/// }
/// ```
public protocol SideEffectDependencyContainer: AnyObject, Sendable {
  /// Creates the container.
  ///
  /// - Parameters:
  ///   - dispatch: dispatches to the owning store; safe to keep and call from any thread.
  ///   - getState: reads the owning store's state; safe to keep and call from any thread.
  init(dispatch: @escaping AnyDispatch, getState: @escaping GetState)
}
