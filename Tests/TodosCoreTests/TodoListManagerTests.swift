import Testing
import TodosCore

@Suite("Todo list manager")
struct TodoListManagerTests {
  @Test("titles are trimmed; empty and too long ones are refused with the numbers")
  func titles() throws {
    let manager = TodoListManager(maximumTitleLength: 5)
    #expect(try manager.title(from: "  milk\n") == "milk")
    #expect(throws: TodosError.emptyTitle) { try manager.title(from: "   ") }
    #expect(throws: TodosError.titleTooLong(length: 6, maximum: 5)) { try manager.title(from: "cheese") }
  }

  @Test("numbers are 1-based over all items, as the listing shows them")
  func numbersAndListing() throws {
    var state = TodosState()
    TodoActions.Add(title: "milk").updateState(&state)
    TodoActions.Add(title: "eggs").updateState(&state)
    TodoActions.SetDone(id: 2).updateState(&state)
    state.filter = .active
    let manager = TodoListManager()
    #expect(try manager.item(number: 2, in: state).title == "eggs")
    #expect(throws: TodosError.noSuchItem(number: 0, count: 2)) { try manager.item(number: 0, in: state) }
    #expect(manager.listing(of: state) == ["1. [ ] milk", "2. [x] eggs"])
    #expect(manager.countText(1) == "1 item left")
    #expect(manager.countText(0) == "0 items left")
    #expect(TodosError.noSuchItem(number: 1, count: 0).description == "there is no item 1: the list is empty")
  }
}
