/// Asynchronous work that talks to the outside world and dispatches more items.
///
/// A side effect reads the state with ``SideEffectContext/getState()``, reaches managers through
/// ``SideEffectContext/dependencies`` and changes the state only by dispatching ``StateUpdater``s.
/// Side effects run concurrently with each other; one may await the items it dispatches
/// (`try await context.dispatch(SetCounter(newValue: n)).value`) without deadlock.
///
/// ```swift
/// struct FetchRandomNumber: SideEffect {
///   func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
///     let number = try await context.dependencies.numbers.randomNumber()
///     try await context.dispatch(SetCounter(newValue: number)).value
///   }
/// }
/// ```
public protocol SideEffect: Dispatchable {
  /// The state of the store this side effect runs in.
  associatedtype StateType: State
  /// The dependency container of the store this side effect runs in.
  associatedtype Dependencies: SideEffectDependencyContainer

  /// Performs the side effect.
  ///
  /// - Parameter context: the store's state, dependencies and dispatch, valid for the whole call
  ///   and beyond.
  /// - Throws: any error; the dispatcher's ``DispatchTask/value`` rethrows it unchanged.
  func sideEffect(_ context: SideEffectContext<StateType, Dependencies>) async throws
}
