import Katana
import Testing

/// The original `StoreInterceptorsTests`, ported to the async API.
@Suite("Store interceptors")
struct StoreInterceptorsTests {
  @Test("an interceptor sees the item, the old state before next and the new state after it")
  func interceptorSeesItemAndStates() async throws {
    let items = Recorder<any Dispatchable>()
    let before = Recorder<[Todo]>()
    let after = Recorder<[Todo]>()
    let interceptor: StoreInterceptor = { context in
      { next in
        { item in
          items.append(item)
          before.append((context.getAnyState() as? AppState)?.todo.todos ?? [])
          try await next(item)
          after.append((context.getAnyState() as? AppState)?.todo.todos ?? [])
        }
      }
    }
    let store = await makeReadyStore(interceptors: [interceptor])
    let todo = Todo(title: "one", id: "1")

    try await store.dispatch(AddTodo(todo)).value

    try #require(items.count == 1)
    #expect((items.values[0] as? AddTodo)?.todo == todo)
    #expect(before.values == [[]])
    #expect(after.values == [[todo]])
  }

  @Test("interceptors run in array order")
  func interceptorsRunInArrayOrder() async throws {
    let log = Recorder<String>()
    func recording(_ name: String) -> StoreInterceptor {
      { _ in
        { next in
          { item in
            log.append(name)
            try await next(item)
          }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [recording("1"), recording("2"), recording("3")])
    let todo = Todo(title: "one", id: "1")

    try await store.dispatch(AddTodo(todo)).value

    #expect(log.values == ["1", "2", "3"])
    #expect(store.state.todo.todos == [todo])
  }

  @Test("an interceptor that throws stops the item")
  func throwingInterceptorStopsItem() async throws {
    let seen = Recorder<any Dispatchable>()
    let rejecting: StoreInterceptor = { _ in
      { _ in
        { item in
          seen.append(item)
          throw TestError.boom
        }
      }
    }
    let store = await makeReadyStore(interceptors: [rejecting])

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(AddTodo()).value
    }

    #expect(error == .boom)
    #expect(seen.count == 1)
    #expect(store.state.todo.todos.isEmpty)
  }

  @Test("an interceptor may await an updater around a returning side effect")
  func interceptorAwaitsUpdaterAroundReturningSideEffect() async throws {
    let todo = Todo(title: "one", id: "1")
    let before = Recorder<[Todo]>()
    let after = Recorder<[Todo]>()
    let interceptor: StoreInterceptor = { context in
      { next in
        { item in
          guard item is ReturningClosureSideEffect else {
            try await next(item)
            return
          }
          try await context.dispatch(AddTodo(todo)).value
          before.append((context.getAnyState() as? AppState)?.todo.todos ?? [])
          try await next(item)
          after.append((context.getAnyState() as? AppState)?.todo.todos ?? [])
        }
      }
    }
    let store = await makeReadyStore(interceptors: [interceptor])

    let returned = try await withDeadline("interceptor awaiting an updater around a side effect") {
      try await store.dispatch(
        ReturningClosureSideEffect { context in
          try await context.dispatch(AddTodo(todo)).value
          return try #require(context.getAnyState() as? AppState)
        }
      ).value
    }

    #expect(before.values == [[todo]])
    #expect(after.values == [[todo, todo]])
    #expect(returned?.todo.todos == [todo, todo])
  }
}
