import Foundation
import Katana
import KatanaPersistence
import Testing
import TodosCore

private func temporaryFolder() -> String {
  NSTemporaryDirectory() + "katana-todos-tests-\(UUID().uuidString)"
}

@Suite("Todos storage")
struct TodosStorageTests {
  @Test("the default folder is under XDG_DATA_HOME, else ~/.local/share")
  func defaultFolder() {
    #expect(TodosStorage.defaultFolder(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"]) == "/data/katana-todos")
    #expect(TodosStorage.defaultFolder(environment: ["HOME": "/home/me"]) == "/home/me/.local/share/katana-todos")
    // A relative XDG_DATA_HOME is invalid by the spec and ignored.
    #expect(TodosStorage.defaultFolder(environment: ["XDG_DATA_HOME": "data", "HOME": "/h"]) == "/h/.local/share/katana-todos")
  }

  @Test("a change in one store is in the next store on the same folder, draft excepted")
  func sharedFolder() async throws {
    let storage = TodosStorage(folder: temporaryFolder())
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    do {
      let (store, _) = storage.makeStore()
      try await store.dispatch(TodoActions.AddTitle("milk")).value
      try await store.dispatch(TodoActions.EditDraft("typing")).value
      try await store.dispatch(TodoActions.SetFilter(.active)).value
      try await store.dispatch(TodoActions.Save()).value
    }
    let (store, _) = storage.makeStore()
    await store.waitUntilReady()
    #expect(store.state.items == [TodoItem(id: 1, title: "milk")])
    #expect(store.state.filter == .active)
    #expect(store.state.draft == "")
  }

  @Test("undo works across launches and keeps the draft; redo goes forward again")
  func undoAcrossLaunches() async throws {
    let storage = TodosStorage(folder: temporaryFolder())
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    do {
      let (store, _) = storage.makeStore()
      try await store.dispatch(TodoActions.AddTitle("a")).value
      try await store.dispatch(TodoActions.AddTitle("b")).value
      try await store.dispatch(TodoActions.Save()).value
    }
    do {
      let (store, _) = storage.makeStore()
      try await store.dispatch(TodoActions.EditDraft("typing")).value
      try await store.dispatch(TodoActions.Undo()).value
      #expect(store.state.items.map(\.title) == ["a"])
      #expect(store.state.draft == "typing")
      try await store.dispatch(TodoActions.Save()).value
    }
    let (store, _) = storage.makeStore()
    await store.waitUntilReady()
    #expect(store.state.items.map(\.title) == ["a"])
    try await store.dispatch(TodoActions.Redo()).value
    #expect(store.state.items.map(\.title) == ["a", "b"])
    try await store.dispatch(TodoActions.Undo()).value
    try await store.dispatch(TodoActions.Undo()).value
    await #expect(throws: TodosError.nothingToUndo) { try await store.dispatch(TodoActions.Undo()).value }
    #expect(store.state.items.isEmpty)
  }

  @Test("the journal replays into a fresh store to the same list")
  func journalReplays() async throws {
    let storage = TodosStorage(folder: temporaryFolder())
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    let (store, _) = storage.makeStore()
    try await store.dispatch(TodoActions.AddTitle("a")).value
    try await store.dispatch(TodoActions.AddTitle("b")).value
    try await store.dispatch(TodoActions.Toggle(id: 1)).value
    try await store.dispatch(TodoActions.Undo()).value
    try await store.dispatch(TodoActions.Delete(id: 2)).value
    try await store.dispatch(TodoActions.SetFilter(.done)).value
    let fresh = Store<TodosState, AppDependencies>()
    try await Journal(path: storage.journalPath, registry: TodosStorage.registry).replay(into: fresh)
    #expect(fresh.state == store.state)
  }

  @Test("a corrupt list file is kept aside and the store starts empty with the reason")
  func corruptListFile() async throws {
    let storage = TodosStorage(folder: temporaryFolder())
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    try FileManager.default.createDirectory(atPath: storage.folder, withIntermediateDirectories: true)
    try Data("not a list".utf8).write(to: URL(fileURLWithPath: storage.statePath))
    let (store, _) = storage.makeStore()
    await store.waitUntilReady()
    #expect(store.state == TodosState())
    let error = try #require(store.initializationError as? PersistenceError)
    #expect(error.path == storage.statePath)
    #expect(try FileManager.default.contentsOfDirectory(atPath: storage.folder).contains { $0.hasPrefix("todos.json.corrupt-") })
  }
}
