import Katana
import KatanaTesting
import Testing
import TodosCore

private func state(_ titles: [String], done: Set<Int> = []) -> TodosState {
  var state = TodosState()
  for title in titles { TodoActions.Add(title: title).updateState(&state) }
  for id in done { TodoActions.SetDone(id: id).updateState(&state) }
  return state
}

@Suite("Todo actions")
struct TodoActionsTests {
  @Test("add gives each item the next id; toggle, set done and delete act on that id only")
  func updaters() async {
    let store = TestStore<TodosState, AppDependencies>(initialState: TodosState())
    await store.dispatch(TodoActions.Add(title: "milk")) {
      $0.items = [TodoItem(id: 1, title: "milk")]
      $0.nextID = 2
    }
    await store.dispatch(TodoActions.Add(title: "eggs")) {
      $0.items.append(TodoItem(id: 2, title: "eggs"))
      $0.nextID = 3
    }
    await store.dispatch(TodoActions.Toggle(id: 2)) { $0.items[1].isDone = true }
    await store.dispatch(TodoActions.SetDone(id: 2, isDone: true))
    await store.dispatch(TodoActions.Toggle(id: 99))
    await store.dispatch(TodoActions.Delete(id: 1)) { $0.items.removeFirst() }
    await store.dispatch(TodoActions.Add(title: "bread")) {
      $0.items.append(TodoItem(id: 3, title: "bread"))  // ids are never reused
      $0.nextID = 4
    }
    await store.finish()
  }

  @Test("clear done removes done items; the filter picks what shows; counts follow")
  func clearAndFilter() async {
    let store = TestStore<TodosState, AppDependencies>(initialState: state(["a", "b", "c"], done: [2]))
    #expect(store.state.activeCount == 2)
    #expect(store.state.doneCount == 1)
    await store.dispatch(TodoActions.SetFilter(.active)) { $0.filter = .active }
    #expect(store.state.visibleItems.map(\.title) == ["a", "c"])
    await store.dispatch(TodoActions.SetFilter(.done)) { $0.filter = .done }
    #expect(store.state.visibleItems.map(\.title) == ["b"])
    await store.dispatch(TodoActions.ClearDone()) { $0.items.remove(at: 1) }
    #expect(store.state.visibleItems.isEmpty)
    await store.finish()
  }

  @Test("submitting the draft adds it trimmed and empties the field; a blank draft is ignored")
  func submitDraft() async throws {
    let store = TestStore<TodosState, AppDependencies>(initialState: TodosState())
    await store.dispatch(TodoActions.EditDraft("  milk ")) { $0.draft = "  milk " }
    try await store.dispatch(TodoActions.SubmitDraft()).value
    await store.receive(TodoActions.Add(title: "milk")) {
      $0.items = [TodoItem(id: 1, title: "milk")]
      $0.nextID = 2
    }
    await store.receive(TodoActions.ClearSubmittedDraft(submitted: "  milk ")) { $0.draft = "" }
    await store.dispatch(TodoActions.EditDraft("   ")) { $0.draft = "   " }
    try await store.dispatch(TodoActions.SubmitDraft()).value
    await store.finish()
  }

  @Test("text typed between an add and the field's clearing stays in the field")
  func typingBeforeTheClear() {
    var state = TodosState()
    state.draft = "eggs"
    TodoActions.ClearSubmittedDraft(submitted: "milk").updateState(&state)
    #expect(state.draft == "eggs")
    TodoActions.ClearSubmittedDraft(submitted: "eggs").updateState(&state)
    #expect(state.draft == "")
  }

  @Test("command-line adds and completions refuse bad input with a typed error and change nothing")
  func commandLineRefusals() async throws {
    let store = TestStore<TodosState, AppDependencies>(initialState: state(["a", "b"]))
    await #expect(throws: TodosError.emptyTitle) { try await store.dispatch(TodoActions.AddTitle(" \n ")).value }
    await #expect(throws: TodosError.noSuchItem(number: 3, count: 2)) {
      try await store.dispatch(TodoActions.CompleteNumber(3)).value
    }
    try await store.dispatch(TodoActions.CompleteNumber(2)).value
    await store.receive(TodoActions.SetDone(id: 2)) { $0.items[1].isDone = true }
    try await store.dispatch(TodoActions.AddTitle("c")).value
    await store.receive(TodoActions.Add(title: "c")) {
      $0.items.append(TodoItem(id: 3, title: "c"))
      $0.nextID = 4
    }
    await store.finish()
  }

  @Test("undo and redo without a history are refused with a typed error")
  func undoWithoutHistory() async {
    let store = TestStore<TodosState, AppDependencies>(initialState: state(["a"]))
    await #expect(throws: TodosError.nothingToUndo) { try await store.dispatch(TodoActions.Undo()).value }
    await #expect(throws: TodosError.nothingToRedo) { try await store.dispatch(TodoActions.Redo()).value }
    await store.finish()
  }
}
