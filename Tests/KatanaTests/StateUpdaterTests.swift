import Katana
import KatanaSupport
import Testing

/// The original `StateUpdaterTests`, ported to the async API.
@Suite("State updaters")
struct StateUpdaterTests {
  @Test("an awaited updater has changed the state")
  func awaitedUpdaterChangedState() async throws {
    let store = await makeReadyStore()
    let todo = Todo(title: "one", id: "1")

    try await store.dispatch(AddTodo(todo)).value

    #expect(store.state.todo.todos == [todo])
  }

  @Test("chained updaters each see the result of the previous one")
  func chainedUpdaters() async throws {
    let store = await makeReadyStore()
    let todo = Todo(title: "one", id: "1")
    let user = User(username: "grace")

    try await store.dispatch(AddTodo(todo)).value
    #expect(store.state.todo.todos == [todo])
    #expect(store.state.user.users.isEmpty)

    try await store.dispatch(AddUser(user)).value
    #expect(store.state.todo.todos == [todo])
    #expect(store.state.user.users == [user])
  }

  @Test("updaters dispatched without waiting are applied in dispatch order")
  func updatersAppliedInDispatchOrder() async throws {
    let store = await makeReadyStore()
    let todos = (1...3).map { Todo(title: "t\($0)", id: String($0)) }

    let tasks = todos.map { store.dispatch(AddTodo($0)) }
    for task in tasks { try await task.value }

    #expect(store.state.todo.todos == todos)
  }

  @Test("a slow first updater is not overtaken by later ones")
  func slowUpdaterIsNotOvertaken() async throws {
    // The original slept inside the updates (3 s, 2 s, 0 s). Here an interceptor holds the first
    // updater's thread until the other two have been dispatched; they must wait for it.
    let slowGate = ThreadGate()
    let first = Todo(title: "t1", id: "1")
    let holdFirst: StoreInterceptor = { _ in
      { next in
        { item in
          if let add = item as? AddTodo, add.todo == first { slowGate.block() }
          try next(item)
        }
      }
    }
    let store = await makeReadyStore(interceptors: [holdFirst])
    let todos = [first, Todo(title: "t2", id: "2"), Todo(title: "t3", id: "3")]

    let firstTask = Locked<DispatchTask<Void>?>(nil)
    let firstReturned = Gate()
    runOnNewThread {
      firstTask.set(store.dispatch(AddTodo(first)))
      firstReturned.open()
    }
    await slowGate.waitForArrival()
    // The chain is busy on the other thread: these queue behind it and return at once.
    let later = todos.dropFirst().map { store.dispatch(AddTodo($0)) }
    #expect(store.state.todo.todos.isEmpty, "later updaters overtook the held one")

    slowGate.open()
    for task in later { try await task.value }
    #expect(store.state.todo.todos == todos)
    // The held dispatch ran the queued ones before returning, so its handle is settled too.
    await firstReturned.wait()
    try await #require(firstTask.current).value
  }

}
