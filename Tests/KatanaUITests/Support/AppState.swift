import Katana

/// The store state the renderer tests connect to.
struct AppState: State, Equatable {
  var a = 0
  var b = 0
  var items: [String] = []
  var title = ""
}

struct SetA: StateUpdater {
  let value: Int
  func updateState(_ state: inout AppState) { state.a = value }
}

struct SetB: StateUpdater {
  let value: Int
  func updateState(_ state: inout AppState) { state.b = value }
}

struct SetItems: StateUpdater {
  let items: [String]
  func updateState(_ state: inout AppState) { state.items = items }
}

struct SetTitle: StateUpdater {
  let title: String
  func updateState(_ state: inout AppState) { state.title = title }
}

typealias AppStore = Store<AppState, EmptySideEffectDependencyContainer>

/// A store whose state is `state`, ready to use.
func makeStore(_ state: AppState = AppState()) async throws -> AppStore {
  let store = AppStore()
  try await store.dispatch(Replace(state: state)).value
  return store
}

struct Replace: StateUpdater {
  let state: AppState
  func updateState(_ current: inout AppState) { current = state }
}
