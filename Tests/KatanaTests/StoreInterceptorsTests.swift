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
          try next(item)
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
            try next(item)
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

  @Test("an updater an interceptor dispatches before next is applied before the side effect starts")
  func interceptorDispatchesUpdaterBeforeReturningSideEffect() async throws {
    let todo = Todo(title: "one", id: "1")
    let before = Recorder<[Todo]>()
    let interceptor: StoreInterceptor = { context in
      { next in
        { item in
          guard item is ReturningClosureSideEffect else {
            try next(item)
            return
          }
          // No updater chain is running, so this is applied inline, before `dispatch` returns.
          context.dispatch(AddTodo(todo))
          before.append((context.getAnyState() as? AppState)?.todo.todos ?? [])
          try next(item)
        }
      }
    }
    let store = await makeReadyStore(interceptors: [interceptor])

    let seenByBody = Recorder<[Todo]>()
    let returned = try await store.dispatch(
      ReturningClosureSideEffect { context in
        seenByBody.append(try #require(context.getAnyState() as? AppState).todo.todos)
        try await context.dispatch(AddTodo(todo)).value
        return try #require(context.getAnyState() as? AppState)
      }
    ).value

    #expect(before.values == [[todo]])
    #expect(seenByBody.values == [[todo]], "the body started before the interceptor's updater was applied")
    #expect(returned.todo.todos == [todo, todo])
  }

}
