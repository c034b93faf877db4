import Testing

@testable import Katana

/// `openedItem(_:as:)`, the end of the chain's bit cast, against its portable form, the dynamic
/// cast: both run here, on every platform, and must give the same value.
@Suite("Opened item")
struct OpenedItemTests {
  struct Small: StateUpdater {
    var index: Int
    func updateState(_ state: inout AppState) {}
  }

  /// Larger than an existential's inline buffer (three words): stored boxed.
  struct Large: StateUpdater {
    var name: String
    var values: [Int]
    var a = 1, b = 2, c = 3
    func updateState(_ state: inout AppState) {}
  }

  enum Choice: StateUpdater {
    case one, two(String)
    func updateState(_ state: inout AppState) {}
  }

  final class Boxed: StateUpdater, @unchecked Sendable {
    let id: Int
    init(id: Int) { self.id = id }
    func updateState(_ state: inout AppState) {}
  }

  @Test("a small struct, a boxed one, an enum and a class come out as the portable cast gives them")
  func matchesTheDynamicCast() {
    let small: any Dispatchable = Small(index: 7)
    #expect(openedItem(small, as: Small.self).index == 7)
    #expect(openedItemPortably(small, as: Small.self).index == 7)

    let large: any Dispatchable = Large(name: "katana", values: [1, 2, 3])
    let fast = openedItem(large, as: Large.self)
    let portable = openedItemPortably(large, as: Large.self)
    #expect(fast.name == portable.name && fast.values == portable.values && fast.c == 3)

    let choice: any Dispatchable = Choice.two("x")
    guard case .two(let text) = openedItem(choice, as: Choice.self) else {
      Issue.record("the enum's case was lost")
      return
    }
    #expect(text == "x")

    let object = Boxed(id: 3)
    let boxed: any Dispatchable = object
    #expect(openedItem(boxed, as: Boxed.self) === object)
    #expect(openedItemPortably(boxed, as: Boxed.self) === object)
  }

  /// A class updater and its subclass; each adds a todo titled with its own class name.
  class AddNamed: StateUpdater, @unchecked Sendable {
    // @unchecked: no stored properties, nothing to share.
    var title: String { "base" }
    func updateState(_ state: inout AppState) {
      state.todo.todos.append(Todo(title: title, id: "\(state.todo.todos.count)"))
    }
  }

  final class AddNamedChild: AddNamed, @unchecked Sendable {
    // @unchecked: no stored properties, nothing to share.
    override var title: String { "child" }
  }

  @Test("through interceptors, a subclass instance dispatched under its own type, then under its superclass's, is applied both times")
  func subclassUnderBothStaticTypes() async throws {
    let passOn: StoreInterceptor = { _ in { next in { item in try next(item) } } }
    let store = await makeReadyStore(interceptors: [passOn])
    // Its own type first: the store learns how to apply the child's type.
    try await store.dispatch(AddNamedChild()).value
    // The same type of instance, stored in the item under the superclass's static type: it used
    // to be opened as the child's type and trap.
    let asBase: AddNamed = AddNamedChild()
    try await store.dispatch(asBase).value
    try await store.dispatch(AddNamed()).value
    #expect(store.state.todo.todos.map(\.title) == ["child", "child", "base"])
  }

  @Test("through interceptors, type-erased updaters apply every time, in order, structs and classes alike; another state's still fails")
  func erasedAtTheChainsEnd() async throws {
    let store = await makeReadyStore(interceptors: [passThroughInterceptor])
    let heard = Recorder<Int>()
    store.addListener { _, new in heard.append(new.todo.todos.count) }
    // The first item of each type teaches the store its applier; the next ones take the known
    // path. Each one must still be applied once, as itself.
    let items: [any Dispatchable] = [
      AddTodo(Todo(title: "a", id: "a")), AddNamedChild(), AddTodo(Todo(title: "b", id: "b")), AddNamed(),
      AddNamedChild() as AddNamed,
    ]
    for item in items {
      _ = try await store.anyDispatch(item).value
    }
    #expect(store.state.todo.todos.map(\.title) == ["a", "child", "b", "base", "child"])
    #expect(heard.values == [1, 2, 3, 4, 5])
    await #expect(throws: KatanaError.self) {
      _ = try await store.anyDispatch(FlipOtherFlag()).value
    }
    #expect(store.state.todo.todos.count == 5)
  }
}
