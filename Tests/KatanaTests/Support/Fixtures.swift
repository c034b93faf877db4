import Katana

// MARK: - State

struct Todo: Equatable, Sendable {
  var title: String
  var id: String
}

struct User: Equatable, Sendable {
  var username: String
}

struct TodoState: Equatable, Sendable {
  var todos: [Todo] = []
}

struct UserState: Equatable, Sendable {
  var users: [User] = []
}

/// The app state of the original suite: a list of todos and a list of users, both empty at first.
struct AppState: State, Equatable {
  var todo = TodoState()
  var user = UserState()
}

/// A state no test store holds, for type-mismatch tests.
struct OtherState: State, Equatable {
  var flag = false
}

// MARK: - Updaters

struct AddTodo: StateUpdater {
  var todo: Todo

  init(_ todo: Todo = Todo(title: "buy milk", id: "1")) {
    self.todo = todo
  }

  func updateState(_ state: inout AppState) {
    state.todo.todos.append(todo)
  }
}

struct AddUser: StateUpdater {
  var user: User

  init(_ user: User = User(username: "ada")) {
    self.user = user
  }

  func updateState(_ state: inout AppState) {
    state.user.users.append(user)
  }
}

/// An updater that changes nothing.
struct Touch: StateUpdater {
  func updateState(_ state: inout AppState) {}
}

/// An updater of ``OtherState``: valid, but not for an `AppStore`.
struct FlipOtherFlag: StateUpdater {
  func updateState(_ state: inout OtherState) {
    state.flag.toggle()
  }
}

/// An updater that runs arbitrary code while the store applies it (for misuse tests).
struct ClosureUpdater: StateUpdater {
  let body: @Sendable (inout AppState) -> Void

  func updateState(_ state: inout AppState) {
    body(&state)
  }
}

// MARK: - Dependencies

/// The dependency container of the test stores; keeps the closures the store hands it so tests
/// can use them, even after the store is gone.
final class TestDependenciesContainer: SideEffectDependencyContainer {
  let dispatch: AnyDispatch
  let getState: GetState

  init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    self.dispatch = dispatch
    self.getState = getState
  }
}

/// Another container type, for dependency-mismatch tests.
final class OtherDependenciesContainer: SideEffectDependencyContainer {
  init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {}
}

typealias AppStore = Store<AppState, TestDependenciesContainer>
typealias AppContext = SideEffectContext<AppState, TestDependenciesContainer>

/// A store with no interceptors (or the given ones), once it is ready.
func makeReadyStore(
  interceptors: [StoreInterceptor] = [], instrumentation: (any DispatchInstrumentation)? = nil
) async -> AppStore {
  let store = AppStore(
    interceptors: interceptors, stateInitializer: { AppState() },
    configuration: .init(instrumentation: instrumentation))
  await store.waitUntilReady()
  return store
}

/// An interceptor that passes everything on unchanged; makes a store take its interceptor path.
let passThroughInterceptor: StoreInterceptor = { _ in { next in { item in try next(item) } } }

// MARK: - Side effects

/// A side effect whose body is a closure receiving the typed context.
struct ClosureSideEffect: SideEffect {
  let body: @Sendable (AppContext) async throws -> Void

  init(_ body: @escaping @Sendable (AppContext) async throws -> Void = { _ in }) {
    self.body = body
  }

  func sideEffect(_ context: AppContext) async throws {
    try await body(context)
  }
}

/// A returning side effect whose body is a closure receiving the type-erased context.
struct ReturningClosureSideEffect: ReturningSideEffect {
  let body: @Sendable (any AnySideEffectContext) async throws -> AppState

  init(_ body: @escaping @Sendable (any AnySideEffectContext) async throws -> AppState) {
    self.body = body
  }

  func sideEffect(_ context: any AnySideEffectContext) async throws -> AppState {
    try await body(context)
  }
}

/// Returns `a * b`.
struct Multiply: ReturningSideEffect {
  let a: Int
  let b: Int

  func sideEffect(_ context: any AnySideEffectContext) async throws -> Int {
    a * b
  }
}

/// Dispatches ``Multiply`` through its context, awaits it, and multiplies the result by `b`.
struct ReentrantMultiply: ReturningSideEffect {
  let a: Int
  let b: Int

  func sideEffect(_ context: any AnySideEffectContext) async throws -> Int {
    let product = try await context.dispatch(Multiply(a: a, b: b)).value
    return product * b
  }
}

/// Adds a todo each time it runs, and fails while fewer than two todos exist.
struct RetryMe: SideEffect {
  func sideEffect(_ context: AppContext) async throws {
    try await context.dispatch(AddTodo(Todo(title: "retry", id: "r"))).value
    if context.getState().todo.todos.count < 2 {
      throw TestError.notYet
    }
  }
}

/// Like ``RetryMe``, but returns `a * b` once it succeeds.
struct FailingMultiply: ReturningSideEffect {
  let a: Int
  let b: Int

  func sideEffect(_ context: any AnySideEffectContext) async throws -> Int {
    guard let context = context as? AppContext else { throw TestError.wrongContext }
    try await context.dispatch(AddTodo(Todo(title: "retry", id: "r"))).value
    if context.getState().todo.todos.count < 2 {
      throw TestError.notYet
    }
    return a * b
  }
}

/// A side effect of another state type, for mismatch tests.
struct OtherStateSideEffect: SideEffect {
  func sideEffect(_ context: SideEffectContext<OtherState, TestDependenciesContainer>) async throws {}
}

/// A side effect of another dependency type, for mismatch tests.
struct OtherDependenciesSideEffect: SideEffect {
  func sideEffect(_ context: SideEffectContext<AppState, OtherDependenciesContainer>) async throws {}
}

/// Neither an updater nor a side effect.
struct NotAnAction: Dispatchable {}

/// Both an updater and a side effect: ambiguous.
struct UpdaterAndSideEffect: StateUpdater, SideEffect {
  func updateState(_ state: inout AppState) {}
  func sideEffect(_ context: AppContext) async throws {}
}

enum TestError: Error, Equatable {
  case notYet
  case wrongContext
  case boom
  case attempt(Int)
}
