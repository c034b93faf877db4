import Katana
import Testing

/// Guarantee 2: side effects may run concurrently, and may await nested items without deadlock.
@Suite("Side effect concurrency")
struct SideEffectConcurrencyTests {
  @Test("two side effects can be inside their bodies at the same time", arguments: StorePath.allCases)
  func sideEffectsRunConcurrently(path: StorePath) async throws {
    let store = await path.makeAppStore()
    let firstStarted = Gate()
    let secondStarted = Gate()

    // Each body waits for the other to have started: run one after the other, they deadlock.
    _ = try await withDeadline("two side effects waiting for each other") {
      let first = store.dispatch(
        ClosureSideEffect { _ in
          firstStarted.open()
          await secondStarted.wait()
        })
      let second = store.dispatch(
        ClosureSideEffect { _ in
          secondStarted.open()
          await firstStarted.wait()
        })
      try await first.value
      try await second.value
    }
  }

  @Test("a side effect awaits nested updaters and side effects without deadlock", arguments: StorePath.allCases)
  func nestedAwaitsDoNotDeadlock(path: StorePath) async throws {
    let store = await path.makeAppStore()
    let todo = Todo(title: "nested", id: "n")

    let product = try await withDeadline("side effect awaiting nested items") {
      try await store.dispatch(
        ReturningClosureSideEffect { context in
          try await context.dispatch(AddTodo(todo)).value
          try await context.dispatch(
            ClosureSideEffect { inner in
              try await inner.dispatch(AddUser()).value
            }
          ).value
          return try #require(context.getAnyState() as? AppState)
        }
      ).value
    }

    #expect(product?.todo.todos == [todo])
    #expect(product?.user.users.count == 1)
  }

  @Test("many side effects awaiting nested updaters at once all finish", arguments: StorePath.allCases)
  func manyConcurrentSideEffectsFinish(path: StorePath) async throws {
    let store = await path.makeAppStore()

    _ = try await withDeadline("50 side effects each awaiting 10 updaters") {
      let tasks = (0..<50).map { index in
        store.dispatch(
          ClosureSideEffect { context in
            for step in 0..<10 {
              try await context.dispatch(AddTodo(Todo(title: "\(index)", id: "\(index)-\(step)"))).value
            }
          })
      }
      for task in tasks { try await task.value }
    }

    #expect(store.state.todo.todos.count == 500)
  }
}
