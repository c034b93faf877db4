import Katana
import KatanaSupport
import Testing

/// The original `StoreTest` cases, ported to the async API.
@Suite("Store")
struct StoreTests {
  @Test("a default store becomes ready on the initial state")
  func defaultInitBecomesReady() async {
    let store = AppStore()
    await waitUntil("the store is ready") { store.isReady }
    #expect(store.isReady)
    #expect(store.state == AppState())
  }

  @Test("a listener added before readiness receives the old and new state of an update")
  func listenerReceivesOldAndNewState() async throws {
    let store = AppStore()
    let pairs = Recorder<(old: [Todo], new: [Todo])>()
    store.addListener { old, new in pairs.append((old.todo.todos, new.todo.todos)) }
    let todo = Todo(title: "write tests", id: "42")

    try await store.dispatch(AddTodo(todo)).value

    let received = pairs.values
    try #require(received.count == 1)
    #expect(received[0].old == [])
    #expect(received[0].new == [todo])
  }

  @Test("an unsubscribed listener hears nothing more")
  func unsubscribedListenerHearsNothing() async throws {
    let store = await makeReadyStore()
    let pairs = Recorder<(old: [Todo], new: [Todo])>()
    let unsubscribe = store.addListener { old, new in pairs.append((old.todo.todos, new.todo.todos)) }
    let todo = Todo(title: "first", id: "1")

    try await store.dispatch(AddTodo(todo)).value
    try #require(pairs.count == 1)
    #expect(pairs.values[0].old == [])
    #expect(pairs.values[0].new == [todo])

    unsubscribe()
    try await store.dispatch(AddTodo(Todo(title: "second", id: "2"))).value

    #expect(pairs.count == 1)
    #expect(store.state.todo.todos.count == 2)
  }

  @Test("concurrent subscribe, dispatch and unsubscribe neither crash nor deadlock")
  func concurrentSubscribeDispatchUnsubscribe() async throws {
    let store = await makeReadyStore()
    let sawOwnUpdate = Locked<Set<Int>>([])

    _ = try await withDeadline("ten concurrent subscribe/dispatch/unsubscribe rounds") {
      await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<10 {
          group.addTask {
            let id = String(index)
            let unsubscribe = store.addListener { _, new in
              if new.todo.todos.contains(where: { $0.id == id }) {
                sawOwnUpdate.withLock { _ = $0.insert(index) }
              }
            }
            try await store.dispatch(AddTodo(Todo(title: "todo \(index)", id: id))).value
            unsubscribe()
          }
        }
      }
    }

    #expect(store.state.todo.todos.count == 10)
    // Each listener was registered before its own update was applied, so it heard it.
    #expect(sawOwnUpdate.current == Set(0..<10))
  }
}
