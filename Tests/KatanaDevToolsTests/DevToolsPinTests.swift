import Foundation
import Katana
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

/// Pinning a path: the recorder names the updaters that changed the value there.
@Suite struct DevToolsPinTests {
  struct Todo: Codable, Equatable, Sendable {
    var title: String
    var done = false
  }

  struct Todos: State, Codable, Equatable {
    var todos: [Todo] = []
  }

  struct Add: StateUpdater {
    let title: String
    func updateState(_ state: inout Todos) { state.todos.append(Todo(title: title)) }
  }

  struct Rename: StateUpdater {
    let index: Int
    let title: String
    func updateState(_ state: inout Todos) { state.todos[index].title = title }
  }

  struct Toggle: StateUpdater {
    let index: Int
    func updateState(_ state: inout Todos) { state.todos[index].done.toggle() }
  }

  struct Nothing: StateUpdater {
    func updateState(_ state: inout Todos) {}
  }

  @Test func pinnedPathsFindTheUpdatersThatChangedThem() async throws {
    let devTools = DevTools<Todos>()
    let store = Store<Todos, EmptySideEffectDependencyContainer>(devTools: devTools)
    await store.waitUntilReady()
    try await store.dispatch(Add(title: "a")).value  // id 1
    try await store.dispatch(Add(title: "b")).value  // id 2: adds todos[1]
    try await store.dispatch(Toggle(index: 1)).value  // id 3
    try await store.dispatch(Rename(index: 1, title: "c")).value  // id 4
    try await store.dispatch(Nothing()).value  // id 5
    try await store.dispatch(Rename(index: 0, title: "d")).value  // id 6

    #expect(try devTools.recorder.itemsChanging(path: "todos[1].title") == [2, 4])
    #expect(try devTools.recorder.itemsChanging(path: "todos[1]") == [2, 3, 4])
    #expect(try devTools.recorder.itemsChanging(path: "todos") == [1, 2, 3, 4, 6])
    #expect(try devTools.recorder.itemsChanging(path: "todos[7].title") == [])
    for bad in ["", "todos..title", "todos[x]", "todos[1", ".todos", "todos[-1]"] {
      #expect(throws: DevToolsCommandError.invalidPath(bad)) { try devTools.recorder.itemsChanging(path: bad) }
    }
  }

  @Test func pathsParseKeysAndIndexes() {
    #expect(JSONPath("todos[3].title")?.components == [.key("todos"), .index(3), .key("title")])
    #expect(JSONPath("[0][1]")?.components == [.index(0), .index(1)])
    #expect(JSONPath("a.b")?.components == [.key("a"), .key("b")])
    #expect(JSONPath("a]") != nil)  // a key may hold any character but '.' and '['
  }
}
