import Foundation
import Katana
import KatanaPersistence
import KatanaTesting
import KatanaUI
import Testing
import TodosCore

private func state(_ titles: [String]) -> TodosState {
  var state = TodosState()
  for title in titles { TodoActions.Add(title: title).updateState(&state) }
  return state
}

@Suite("An item's screen: edits, saving, deleting")
struct TodoDetailsTests {
  @Test("typed fields wait in the state; saving checks them and stores one undoable update")
  func editAndSave() async throws {
    let store = TestStore<TodosState, AppDependencies>(initialState: state(["milk"]))
    await store.dispatch(TodoActions.EditField(id: 1, .title, " oat milk ")) {
      $0.edits[1] = TodoEdit(TodoItem(id: 1, title: " oat milk "))
    }
    await store.dispatch(TodoActions.EditField(id: 1, .dueDate, "2026-12-24")) { $0.edits[1]?.dueDate = "2026-12-24" }
    await store.dispatch(TodoActions.SaveEdit(id: 1))
    let due = try DueDate(parsing: "2026-12-24")
    await store.receive(TodoActions.Update(id: 1, title: "oat milk", notes: "", dueDate: due)) {
      $0.items[0].title = "oat milk"
      $0.items[0].dueDate = due
    }
    await store.receive(TodoActions.DiscardEdit(id: 1)) { $0.edits = [:] }
    await store.finish()
  }

  @Test("a bad due date or an empty title is refused, shown, and changes no item")
  func refused() async throws {
    let store = TestStore<TodosState, AppDependencies>(initialState: state(["milk"]))
    await store.dispatch(TodoActions.EditField(id: 1, .dueDate, "tomorrow")) {
      $0.edits[1] = TodoEdit(TodoItem(id: 1, title: "milk"))
      $0.edits[1]?.dueDate = "tomorrow"
    }
    let problem = TodosError.invalidDueDate("tomorrow").description
    let badDate = await store.dispatch(TodoActions.SaveEdit(id: 1))
    await store.receive(TodoActions.RefuseEdit(id: 1, problem: problem)) { $0.edits[1]?.problem = problem }
    await #expect(throws: TodosError.invalidDueDate("tomorrow")) { try await badDate.value }
    await store.dispatch(TodoActions.EditField(id: 1, .dueDate, "")) {
      $0.edits[1]?.dueDate = ""
      $0.edits[1]?.problem = nil
    }
    await store.dispatch(TodoActions.EditField(id: 1, .title, "  ")) { $0.edits[1]?.title = "  " }
    let emptyTitle = await store.dispatch(TodoActions.SaveEdit(id: 1))
    await store.receive(TodoActions.RefuseEdit(id: 1, problem: TodosError.emptyTitle.description)) {
      $0.edits[1]?.problem = TodosError.emptyTitle.description
    }
    await #expect(throws: TodosError.emptyTitle) { try await emptyTitle.value }
    #expect(store.state.items == [TodoItem(id: 1, title: "milk")])
    await store.finish()
  }

  @Test("saving an item that is gone fails with its id")
  func gone() async {
    let store = TestStore<TodosState, AppDependencies>(initialState: state([]))
    let save = await store.dispatch(TodoActions.SaveEdit(id: 4))
    await #expect(throws: TodosError.noSuchItemID(4)) { try await save.value }
    await store.finish()
  }

  @Test("deleting the item shown closes its screen first, then deletes it")
  func deleteShown() async {
    var initial = state(["milk", "eggs"])
    initial.routes.push(.item(id: 2))
    let store = TestStore<TodosState, AppDependencies>(initialState: initial)
    await store.dispatch(TodoActions.DeleteShown(id: 2))
    await store.receive(TodoActions.CloseItem(id: 2)) { $0.routes.pop() }
    await store.receive(TodoActions.Delete(id: 2)) { $0.items.removeLast() }
    await store.finish()
  }

  @Test("due dates read YYYY-MM-DD only, with real calendar days, and sort the list when asked")
  func dueDates() throws {
    #expect(try DueDate(parsing: " 2028-02-29 ").description == "2028-02-29")
    for text in ["2026-02-29", "2026-13-01", "26-01-01", "2026-1-1", "2026/01/01", "", "2026-01-00"] {
      #expect(throws: TodosError.invalidDueDate(text)) { try DueDate(parsing: text) }
    }
    let items = [
      TodoItem(id: 1, title: "a"), TodoItem(id: 2, title: "b", dueDate: try DueDate(parsing: "2026-05-01")),
      TodoItem(id: 3, title: "c", dueDate: try DueDate(parsing: "2026-01-01")),
    ]
    #expect(TodoOrder.dueDate.sorted(items).map(\.id) == [3, 2, 1])
    #expect(TodoOrder.added.sorted(items).map(\.id) == [1, 2, 3])
  }

  @Test("a list saved before notes, due dates and the order setting still loads")
  func oldFiles() throws {
    let json = Data(#"{"items":[{"id":1,"title":"milk","isDone":false}],"nextID":2,"filter":"all"}"#.utf8)
    let saved = try JSONDecoder().decode(SavedTodos.self, from: json)
    #expect(saved.items == [TodoItem(id: 1, title: "milk")])
    #expect(saved.order == .added)
  }

  @Test("undo changes the list but keeps the screen, the edits and the settings")
  func undoKeepsWhereTheUserIs() async throws {
    let folder = NSTemporaryDirectory() + "katana-todos-undo-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (store, _) = TodosStorage(folder: folder).makeStore()
    await store.waitUntilReady()
    try await store.dispatch(TodoActions.Add(title: "milk")).value
    try await store.dispatch(Navigation.Push<TodosState>(.item(id: 1))).value
    try await store.dispatch(TodoActions.EditField(id: 1, .notes, "2 litres")).value
    try await store.dispatch(TodoActions.SetOrder(.dueDate)).value
    try await store.dispatch(History<TodosState>.Undo()).value
    #expect(store.state.items.isEmpty)
    #expect(store.state.routes.routes == [.list, .item(id: 1)])
    #expect(store.state.edits[1]?.notes == "2 litres")
    #expect(store.state.order == .dueDate)
  }
}
