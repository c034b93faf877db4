import Katana
import KatanaUI
import Testing
import TodosCore

@testable import Todos

@MainActor
@Suite("Todos screens: an item's details, the settings, and the way back")
struct TodoDetailScreenTests {
  @Test("a tap on a row's title opens the item's screen; Esc returns to the list")
  func openAndBack() async {
    let fixture = await Fixture()
    defer { fixture.remove() }
    for title in ["milk", "eggs"] { await fixture.type(title) }
    await fixture.send(.tap, to: "row-2.title")
    #expect(fixture.store.state.routes.routes == [.list, .item(id: 2)])
    #expect(fixture.text("detail.title") == "eggs")
    #expect(fixture.text("navigation.title") == "Todos › eggs")
    #expect(fixture.backend.firstView(withKey: "field") == nil)
    await fixture.send(.key(KeyPress(.escape)), to: "detail.done")
    #expect(fixture.store.state.routes.routes == [.list])
    #expect(fixture.rows == ["[ ] milk", "[ ] eggs"])
    #expect(fixture.backend.firstView(withKey: "detail.title") == nil)
  }

  @Test("fields edited and saved change the item once; the list and the title bar show it")
  func editAndSave() async {
    let fixture = await Fixture()
    defer { fixture.remove() }
    await fixture.type("milk")
    await fixture.send(.tap, to: "row-1.title")
    await fixture.send(.textInput("oat milk"), to: "detail.title")
    await fixture.send(.textInput("2 litres"), to: "detail.notes")
    #expect(fixture.text("detail.status") == "unsaved changes")
    await fixture.send(.textInput("2026-13-40"), to: "detail.dueDate")
    await fixture.send(.key(KeyPress(.enter)), to: "detail.dueDate")
    #expect(fixture.text("detail.status") == TodosError.invalidDueDate("2026-13-40").description)
    #expect(fixture.store.state.items[0].title == "milk")
    await fixture.send(.textInput("2026-12-24"), to: "detail.dueDate")
    await fixture.send(.tap, to: "detail.save")
    #expect(fixture.text("detail.status") == "saved")
    #expect(fixture.text("navigation.title") == "Todos › oat milk")
    #expect(fixture.store.state.items[0].notes == "2 litres")
    #expect(fixture.store.state.items[0].dueDate?.description == "2026-12-24")
    await fixture.send(.tap, to: "navigation.back")
    #expect(fixture.rows == ["[ ] oat milk"])
    // One undo takes back the whole edit.
    await fixture.send(.tap, to: "undo")
    #expect(fixture.rows == ["[ ] milk"])
  }

  @Test("unsaved edits wait for the next visit; revert drops them")
  func unsavedEditsSurvive() async {
    let fixture = await Fixture()
    defer { fixture.remove() }
    await fixture.type("milk")
    await fixture.send(.tap, to: "row-1.title")
    await fixture.send(.textInput("milk and honey"), to: "detail.title")
    await fixture.send(.key(KeyPress(.escape)), to: "detail.done")
    #expect(fixture.rows == ["[ ] milk"])
    await fixture.send(.tap, to: "row-1.title")
    #expect(fixture.text("detail.title") == "milk and honey")
    await fixture.send(.tap, to: "detail.revert")
    #expect(fixture.text("detail.title") == "milk")
  }

  @Test("delete on the item's screen closes it and removes the item")
  func deleteFromDetail() async {
    let fixture = await Fixture()
    defer { fixture.remove() }
    for title in ["milk", "eggs"] { await fixture.type(title) }
    await fixture.send(.tap, to: "row-1.title")
    await fixture.send(.tap, to: "detail.delete")
    #expect(fixture.store.state.routes.routes == [.list])
    #expect(fixture.rows == ["[ ] eggs"])
  }

  @Test("s and the settings button open the settings, whose order buttons sort the list by due date")
  func settings() async throws {
    let fixture = await Fixture()
    defer { fixture.remove() }
    for title in ["later", "sooner"] { await fixture.type(title) }
    try await fixture.store.dispatch(TodoActions.Update(id: 2, title: "sooner", notes: "", dueDate: DueDate(parsing: "2026-01-01"))).value
    await fixture.send(.key(KeyPress(.character("s"))), to: "row-1.title")
    #expect(fixture.store.state.routes.top == .settings)
    await fixture.send(.select(1), to: "settings.order")
    #expect(fixture.text("settings.order") == "by due date")
    #expect(fixture.store.state.order == .dueDate)
    await fixture.send(.tap, to: "navigation.back")
    let sooner = fixture.backend.firstView(withKey: "row-2").flatMap { fixture.backend.absoluteFrame(of: $0.id) }
    let later = fixture.backend.firstView(withKey: "row-1").flatMap { fixture.backend.absoluteFrame(of: $0.id) }
    #expect((sooner?.origin.y ?? .infinity) < (later?.origin.y ?? 0))
    await fixture.send(.tap, to: "settings")
    #expect(fixture.text("navigation.title") == "Todos › Settings")
  }
}
