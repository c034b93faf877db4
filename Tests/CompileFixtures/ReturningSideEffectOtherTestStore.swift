// expect-error: is deprecated: the returning side effect's SideEffectContext is not of this store's state and dependency types
// A typed returning side effect dispatched to a test store of another state type.
import Katana
import KatanaTesting

struct AppState: State, Equatable {}
struct OtherState: State, Equatable {}

struct Create: ReturningSideEffect {
  func sideEffect(_ context: SideEffectContext<AppState, EmptySideEffectDependencyContainer>) async throws -> Int { 1 }
}

func use() async throws -> Int {
  let store = TestStore<OtherState, EmptySideEffectDependencyContainer>(initialState: OtherState())
  return try await store.dispatch(Create()).value
}
