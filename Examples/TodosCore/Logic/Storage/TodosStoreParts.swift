public import Katana

/// What the Todos store is made of: the persistence interceptor, the state initializer that loads
/// the list, and the dependencies of the side effects.
///
/// ``TodosStorage/makeStore(onError:build:)`` hands them to its `build` closure, so the app can add
/// its tools (the `Todos` executable attaches DevTools) while the logic stays free of them.
public struct TodosStoreParts: Sendable {
  /// Run around every dispatched item; the persistence interceptor.
  public let interceptors: [StoreInterceptor]
  /// Loads the list from the data folder.
  public let stateInitializer: @Sendable () async throws -> TodosState
  /// The side effects' dependencies, with the same persistence.
  public let dependencies: AppDependencies

  /// A plain store of these parts.
  public func makePlainStore() -> Store<TodosState, AppDependencies> {
    let dependencies = dependencies
    return Store(
      interceptors: interceptors, stateInitializer: stateInitializer,
      dependenciesInitializer: { _, _ in dependencies })
  }
}
