import Katana
import Testing

/// `PartialStore` and `AnyStore`: the store as UI code and generic code see it.
@Suite("Type-erased stores")
struct TypeErasedStoreTests {
  @Test("a PartialStore reads, listens and dispatches with the typed state")
  func partialStoreWorks() async throws {
    let store = await makeReadyStore()
    let partial: any PartialStore<AppState> = store
    let pairs = Recorder<(old: AppState, new: AppState)>()
    partial.addListener { old, new in pairs.append((old, new)) }
    let todo = Todo(title: "ui", id: "u")

    try await partial.dispatch(AddTodo(todo)).value

    #expect(partial.state.todo.todos == [todo])
    try #require(pairs.count == 1)
    #expect(pairs.values[0].new.todo.todos == [todo])
  }

  @Test("an AnyStore reads, listens and dispatches type-erased")
  func anyStoreWorks() async throws {
    let store = await makeReadyStore()
    let erased: any AnyStore = store
    let heard = Counter()
    let unsubscribe = erased.addAnyListener { _, new in
      if (new as? AppState)?.user.users.count == 1 { heard.increment() }
    }

    let result = try await erased.anyDispatch(AddUser()).value
    let product = try await erased.dispatch(Multiply(a: 4, b: 5)).value
    unsubscribe()
    try await erased.dispatch(AddUser()).value

    #expect(result is Void)
    #expect(product == 20)
    #expect(heard.value == 1)
    #expect((erased.anyState as? AppState)?.user.users.count == 2)
  }
}
