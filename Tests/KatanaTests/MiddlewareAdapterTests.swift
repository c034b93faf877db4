import Katana
import Testing

/// `middlewareToInterceptor`: 3.x middleware keeps working as an interceptor.
@Suite("Middleware adapter")
struct MiddlewareAdapterTests {
  @Test("a middleware that calls next lets the item through and sees it")
  func forwardingMiddleware() async throws {
    let seen = Recorder<String>()
    let middleware: StoreMiddleware = { _, _ in
      { next in
        { item in
          seen.append(String(describing: type(of: item)))
          next(item)
        }
      }
    }
    let store = await makeReadyStore(interceptors: [middlewareToInterceptor(middleware)])

    try await store.dispatch(AddTodo()).value
    try await store.dispatch(ClosureSideEffect { context in try await context.dispatch(AddUser()).value }).value

    #expect(store.state.todo.todos.count == 1)
    #expect(store.state.user.users.count == 1)
    #expect(seen.values == ["AddTodo", "ClosureSideEffect", "AddUser"])
  }

  @Test("a middleware that does not call next swallows the item")
  func swallowingMiddleware() async throws {
    let middleware: StoreMiddleware = { _, _ in
      { next in
        { item in
          if !(item is AddTodo) { next(item) }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [middlewareToInterceptor(middleware)])

    try await store.dispatch(AddTodo()).value
    try await store.dispatch(AddUser()).value

    #expect(store.state.todo.todos.isEmpty)
    #expect(store.state.user.users.count == 1)
  }

  @Test("a middleware reads the state, dispatches, and runs before the item is applied")
  func middlewareReadsStateAndDispatches() async throws {
    let statesBefore = Recorder<Int>()
    let statesAfterNext = Recorder<Int>()
    let middleware: StoreMiddleware = { getState, dispatch in
      { next in
        { item in
          statesBefore.append((getState() as? AppState)?.todo.todos.count ?? -1)
          next(item)
          // The adapter forwards the item once the middleware returns, so this is still old.
          statesAfterNext.append((getState() as? AppState)?.todo.todos.count ?? -1)
          if item is AddTodo { dispatch(AddUser()) }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [middlewareToInterceptor(middleware)])
    let state = store.watchState()

    try await store.dispatch(AddTodo()).value
    await state.wait("the middleware's dispatch is applied") { $0.user.users.count == 1 }

    #expect(Array(statesBefore.values.prefix(1)) == [0])
    #expect(Array(statesAfterNext.values.prefix(1)) == [0])
    #expect(store.state.todo.todos.count == 1)
  }

  @Test("an error thrown further down the chain reaches the dispatcher")
  func errorsPropagateThroughMiddleware() async throws {
    let middleware: StoreMiddleware = { _, _ in { next in { item in next(item) } } }
    let rejecting: StoreInterceptor = { _ in { _ in { _ in throw TestError.boom } } }
    let store = await makeReadyStore(interceptors: [middlewareToInterceptor(middleware), rejecting])

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(AddTodo()).value
    }

    #expect(error == .boom)
    #expect(store.state.todo.todos.isEmpty)
  }
}
