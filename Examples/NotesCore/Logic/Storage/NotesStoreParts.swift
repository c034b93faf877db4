public import Katana

/// What the Notes store is made of: the persistence interceptor, the state initializer that loads
/// the notes, and the dependencies of the side effects.
///
/// ``NotesStorage/makeStore(timing:onError:build:)`` hands them to its `build` closure, so the app
/// can add its tools (the `Notes` executable attaches DevTools) while the logic stays free of them.
public struct NotesStoreParts: Sendable {
  /// Run around every dispatched item; the persistence interceptor.
  public let interceptors: [StoreInterceptor]
  /// Loads the notes from the data folder.
  public let stateInitializer: @Sendable () async throws -> NotesState
  /// The side effects' dependencies, with the same persistence.
  public let dependencies: AppDependencies

  /// A plain store of these parts.
  public func makePlainStore() -> Store<NotesState, AppDependencies> {
    let dependencies = dependencies
    return Store(
      interceptors: interceptors, stateInitializer: stateInitializer,
      dependenciesInitializer: { _, _ in dependencies })
  }
}
