// expect-error: is deprecated: the returning side effect's SideEffectContext is not of this store's state and dependency types
// A typed returning side effect dispatched to a store of another state type.
import Katana

struct AppState: State {}
struct OtherState: State {}

final class AppDependencies: SideEffectDependencyContainer {
  init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {}
}

struct Create: ReturningSideEffect {
  func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws -> Int { 1 }
}

func use() async throws -> Int {
  let store = Store<OtherState, AppDependencies>()
  return try await store.dispatch(Create()).value
}
