// expect-error: is deprecated: the side effect's StateType or Dependencies is not this store's
// A side effect of one state type dispatched from the context of a store of another.
import Katana

struct AppState: State {}
struct OtherState: State {}

struct Load: SideEffect {
  func sideEffect(_ context: SideEffectContext<AppState, EmptySideEffectDependencyContainer>) async throws {}
}

struct Outer: SideEffect {
  func sideEffect(_ context: SideEffectContext<OtherState, EmptySideEffectDependencyContainer>) async throws {
    try await context.dispatch(Load()).value
  }
}
