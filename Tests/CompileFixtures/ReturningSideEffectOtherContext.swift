// expect-error: is deprecated: the returning side effect's SideEffectContext is not of this store's state and dependency types
// A typed returning side effect dispatched from the context of a store of another dependency type.
import Katana

struct AppState: State {}

final class AppDependencies: SideEffectDependencyContainer {
  init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {}
}

struct Create: ReturningSideEffect {
  func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws -> Int { 1 }
}

struct Outer: SideEffect {
  func sideEffect(_ context: SideEffectContext<AppState, EmptySideEffectDependencyContainer>) async throws {
    _ = try await context.dispatch(Create()).value
  }
}
