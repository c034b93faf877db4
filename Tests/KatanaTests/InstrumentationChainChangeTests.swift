import Katana
import Testing

/// The change the instrumentation gets for an updater whose interceptors did not pass exactly it on
/// once: the state before the chain's first apply and after its last, whatever was applied.
@Suite("Instrumentation: changes through the interceptor chain")
struct InstrumentationChainChangeTests {
  static func name(_ type: any Dispatchable.Type) -> String { String(reflecting: type) }

  @Test("an updater whose interceptor passes it on twice reports the state before the first apply and after the second")
  func passedOnTwice() async throws {
    let instrumentation = RecordingInstrumentation()
    let twice: StoreInterceptor = { _ in
      { next in
        { item in
          try next(item)
          if item is AddTodo { try next(item) }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [twice], instrumentation: instrumentation)

    try await store.dispatch(AddTodo()).value
    try await store.dispatch(AddUser()).value
    await instrumentation.ends.wait(forCount: 2, "both ends are reported")

    let changes = instrumentation.changes.values
    try #require(changes.count == 2)
    #expect(changes.map(\.name) == [Self.name(AddTodo.self), Self.name(AddUser.self)])
    #expect((changes[0].before as? AppState)?.todo.todos.count == 0)
    #expect((changes[0].after as? AppState)?.todo.todos.count == 2)
    // The next updater starts from where the doubled one ended: nothing of it was left behind.
    #expect((changes[1].before as? AppState)?.todo.todos.count == 2)
    #expect((changes[1].before as? AppState)?.user.users.count == 0)
    #expect((changes[1].after as? AppState)?.user.users.count == 1)
    #expect(changes[1].sequence > changes[0].sequence)
  }

  @Test("an updater an interceptor replaces with one of a type never dispatched reports the replacement's change")
  func replacedByAnUnknownType() async throws {
    let instrumentation = RecordingInstrumentation()
    let replace: StoreInterceptor = { _ in
      { next in
        { item in
          if item is AddUser { try next(AddTwoUsers()) } else { try next(item) }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [replace], instrumentation: instrumentation)

    try await store.dispatch(AddUser()).value
    try await store.dispatch(AddTodo()).value
    await instrumentation.ends.wait(forCount: 2, "both ends are reported")

    let changes = instrumentation.changes.values
    try #require(changes.count == 2)
    #expect(changes.map(\.name) == [Self.name(AddUser.self), Self.name(AddTodo.self)])
    #expect((changes[0].before as? AppState)?.user.users.count == 0)
    #expect((changes[0].after as? AppState)?.user.users.count == 2)
    #expect((changes[1].before as? AppState)?.user.users.count == 2)
    #expect((changes[1].before as? AppState)?.todo.todos.count == 0)
    #expect((changes[1].after as? AppState)?.todo.todos.count == 1)
    #expect(store.state.user.users.count == 2)
  }
}

/// Only an interceptor makes it: the store never saw its type in a typed dispatch.
private struct AddTwoUsers: StateUpdater {
  func updateState(_ state: inout AppState) {
    state.user.users.append(User(username: "ada"))
    state.user.users.append(User(username: "grace"))
  }
}
