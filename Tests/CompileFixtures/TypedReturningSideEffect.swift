// expect: compiles
// The natural first attempt: a returning side effect written like a side effect, with the app's
// typed context and no `typealias ReturnValue`, dispatched from a store and from a context.
import Katana

struct AppState: State { var notes: [String] = [] }

final class AppDependencies: SideEffectDependencyContainer {
  init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {}
}

struct AddNote: StateUpdater {
  let title: String
  func updateState(_ state: inout AppState) { state.notes.append(title) }
}

struct Create: ReturningSideEffect {
  let title: String
  func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws -> Int {
    try await context.dispatch(AddNote(title: title)).value
    return context.getState().notes.count
  }
}

struct CreateTwo: ReturningSideEffect {
  func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws -> [Int] {
    [try await context.dispatch(Create(title: "a")).value, try await context.dispatch(Create(title: "b")).value]
  }
}

func use() async throws -> Int {
  let store = Store<AppState, AppDependencies>()
  let counts: [Int] = try await store.dispatch(CreateTwo()).value
  return try await store.dispatch(Create(title: "c")).value + counts.count
}
