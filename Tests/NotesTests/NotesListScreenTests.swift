import Foundation
import Katana
import KatanaUI
import NotesCore
import Testing

@testable import Notes

@MainActor
@Suite("Notes list screen")
struct NotesListScreenTests {
  @Test("the field writes a note in the selected folder and opens it; the tabs count each folder's notes")
  func writeAndCount() async {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    #expect(fixture.text(NotesListScreen.Keys.empty) == "No notes in Notes yet")
    await fixture.send(.textInput("Garden plan"), to: NotesListScreen.Keys.field)
    await fixture.send(.key(KeyPress(.enter)), to: NotesListScreen.Keys.field)
    #expect(fixture.store.state.routes.top == .note(id: 1))
    #expect(fixture.text(NavigationRoot<NotesScreens>.Keys.title.rawValue) == "Notes › Garden plan")
    await fixture.send(.tap, to: NavigationRoot<NotesScreens>.Keys.back.rawValue)
    #expect(fixture.text(NotesListScreen.Keys.field) == "")
    #expect(fixture.rows() == ["Garden plan"])
    let tabs = fixture.props(NotesListScreen.Keys.tabs, as: TabsProps.self)
    #expect(tabs?.titles == ["Notes 1", "Work 0", "Ideas 0"])
    #expect(tabs?.selectedIndex == 0)
    #expect(fixture.text(NotesListScreen.Keys.status) == "1 note in Notes")
  }

  @Test("a tab shows its folder's notes; the order picker sorts them; pinned notes come first")
  func tabsOrderAndPins() async throws {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    for title in ["banana", "Apple", "cherry"] { await fixture.write(title) }
    let order = { fixture.store.state.visibleNotes.map(\.title) }
    #expect(order() == ["cherry", "Apple", "banana"])  // last edited first
    await fixture.send(.select(1), to: NotesListScreen.Keys.order)
    #expect(order() == ["Apple", "banana", "cherry"])
    #expect(fixture.props(NotesListScreen.Keys.order, as: PickerProps.self)?.selectedIndex == 1)
    await fixture.send(.key(KeyPress(.character("p"))), to: "note-3.title")
    #expect(order() == ["cherry", "Apple", "banana"])
    #expect(fixture.text("note-3.title") == "* cherry")
    let cherry = try #require(fixture.backend.firstView(withKey: "note-3.title").flatMap { fixture.backend.absoluteFrame(of: $0.id) })
    let apple = try #require(fixture.backend.firstView(withKey: "note-2.title").flatMap { fixture.backend.absoluteFrame(of: $0.id) })
    #expect(cherry.minY < apple.minY, "the pinned note is drawn first")
    await fixture.send(.select(1), to: NotesListScreen.Keys.tabs)
    #expect(fixture.store.state.folder == "Work")
    #expect(fixture.text(NotesListScreen.Keys.empty) == "No notes in Work yet")
    #expect(fixture.backend.firstView(withKey: "note-1.title") == nil)
    await fixture.send(.key(KeyPress(.character("f"))), to: NotesListScreen.Keys.tabs)
    #expect(fixture.store.state.folder == "Ideas")
  }

  @Test("Ctrl-Z and the undo button take changes back, Ctrl-Y and redo bring them again")
  func undoRedo() async {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    for title in ["a", "b"] { await fixture.write(title) }
    await fixture.send(.key(KeyPress(.character("z"), modifiers: .control)), to: "note-1.title")
    #expect(fixture.store.state.notes.map(\.title) == ["a"])
    await fixture.send(.key(KeyPress(.character("y"), modifiers: .control)), to: "note-1.title")
    #expect(fixture.store.state.notes.map(\.title) == ["a", "b"])
    await fixture.send(.tap, to: NotesListScreen.Keys.undo)
    #expect(fixture.rows() == ["a"])
    await fixture.send(.tap, to: NotesListScreen.Keys.redo)
    #expect(fixture.rows().sorted() == ["a", "b"])
  }

  @Test("the help line comes from the screen's key bindings; / and e open search and import/export")
  func keys() async {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    let help = fixture.props(NotesListScreen.Keys.help, as: KeyHelpBarProps.self)
    #expect(help.map { KeyHelpBar.terminalLine(for: $0.bindings) }?.contains("/ search · e import/export · ^Z undo") == true)
    await fixture.send(.key(KeyPress(.character("/"))), to: NotesListScreen.Keys.tabs)
    #expect(fixture.store.state.routes.top == .search)
    await fixture.send(.key(KeyPress(.escape)), to: SearchScreen.Keys.summary)
    await fixture.send(.key(KeyPress(.character("e"))), to: NotesListScreen.Keys.tabs)
    #expect(fixture.store.state.routes.top == .transfer)
  }

  @Test("what assistive technology hears: a main landmark, folder tabs with the selected one, a named list")
  func accessibility() async {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    await fixture.write("plan")
    // The navigation root makes the screen the main landmark; the screen adds none of its own.
    #expect(fixture.backend.accessibilityElements(withRole: .landmark(.main)).count == 1)
    #expect(fixture.props(NotesListScreen.Keys.tabs, as: TabsProps.self)?.accessibility.label == "Folders")
    #expect(fixture.props(NotesListScreen.Keys.list, as: TableProps.self)?.accessibility.label == "Notes in Notes")
    #expect(fixture.props("note-1.title", as: ButtonProps.self)?.accessibility.role == .link)
  }

  @Test("on a phone-wide screen every control stays inside the window")
  func narrow() async throws {
    let window = Size(width: 312, height: 675.2)  // 390×844 CSS pixels at the page's 1.25 pixels per point
    let fixture = await NotesFixture(size: window)
    defer { fixture.remove() }
    await fixture.write("plan")
    for key in [
      NotesListScreen.Keys.tabs, NotesListScreen.Keys.field, NotesListScreen.Keys.order, NotesListScreen.Keys.search,
      NotesListScreen.Keys.transfer, NotesListScreen.Keys.undo, NotesListScreen.Keys.redo, NotesListScreen.Keys.status,
    ] {
      let view = try #require(fixture.backend.firstView(withKey: key), "no \(key)")
      let frame = try #require(fixture.backend.absoluteFrame(of: view.id))
      #expect(frame.minX >= 0 && frame.maxX <= window.width && frame.maxY <= window.height, "\(key) at \(frame)")
    }
  }
}
