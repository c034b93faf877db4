import Foundation
import Katana
import KatanaUI
import Testing
import TodosCore

@testable import Todos

/// The screen on the in-memory backend at 80 columns by 24 rows, on a store saving to a fresh
/// folder (so undo and redo go through the real history).
@MainActor
struct Fixture {
  let storage = TodosStorage(folder: NSTemporaryDirectory() + "katana-todos-screen-\(UUID().uuidString)")
  let store: Store<TodosState, AppDependencies>
  let backend = RecordingBackend(containerSize: Size(width: 640, height: 384))  // 80 × 24 terminal cells of 8 × 16 points
  let renderer: Renderer

  init() async {
    store = storage.makeStore().store
    await store.waitUntilReady()
    renderer = Renderer(rootDescription: TodosLauncher.rootScreen, store: store)
    renderer.render(in: backend)
    await renderer.settle()
  }

  func send(_ event: NodeEvent, to key: String) async {
    #expect(backend.send(event, toKey: key), "no view with key \(key)")
    await renderer.settle()
  }

  func type(_ text: String) async {
    await send(.textInput(text), to: "field")
    await send(.key(KeyPress(.enter)), to: "field")
  }

  func text(_ key: String) -> String? {
    guard let props = backend.firstView(withKey: key)?.props else { return nil }
    if let label = props as? LabelProps { return label.text }
    if let button = props as? ButtonProps { return button.titles[.normal] }
    if let field = props as? TextFieldProps { return field.text }
    // A check box as the terminal draws it; tabs and pickers by their chosen title.
    if let box = props as? CheckboxProps { return box.isChecked ? "[x]" : "[ ]" }
    if let tabs = props as? TabsProps { return tabs.titles[tabs.selectedIndex] }
    if let picker = props as? PickerProps { return picker.options[picker.selectedIndex] }
    if let help = props as? KeyHelpBarProps { return KeyHelpBar.terminalLine(for: help.bindings) }
    return nil
  }

  /// The rows shown, top to bottom, as `[x] title` (each row's box carries the row's key plus
  /// `.button`, its title the key plus `.title`).
  var rows: [String] {
    store.state.items.compactMap { item in
      guard let box = text("row-\(item.id).button"), let title = text("row-\(item.id).title") else { return nil }
      return box + " " + title
    }
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: storage.folder)
  }
}

@MainActor
@Suite("Todos screen")
struct TodosScreenTests {
  @Test("typing in the field and pressing Enter adds an item, empties the field and updates the count")
  func addThroughField() async {
    let fixture = await Fixture()
    defer { fixture.remove() }
    #expect(fixture.text("count") == "0 items left")
    #expect(fixture.text("empty") == "nothing here")
    await fixture.type("milk")
    await fixture.type("eggs")
    #expect(fixture.rows == ["[ ] milk", "[ ] eggs"])
    #expect(fixture.text("field") == "")
    #expect(fixture.text("count") == "2 items left")
    #expect(fixture.backend.firstView(withKey: "empty") == nil)
  }

  @Test("a tap toggles a row, x deletes it, clear done removes done rows")
  func toggleDeleteClear() async {
    let fixture = await Fixture()
    defer { fixture.remove() }
    for title in ["a", "b", "c"] { await fixture.type(title) }
    await fixture.send(.tap, to: "row-1.button")
    #expect(fixture.rows == ["[x] a", "[ ] b", "[ ] c"])
    #expect(fixture.text("count") == "2 items left")
    await fixture.send(.key(KeyPress(.character("x"))), to: "row-2.button")
    #expect(fixture.store.state.items.map(\.title) == ["a", "c"])
    await fixture.send(.tap, to: "clearDone")
    #expect(fixture.rows == ["[ ] c"])
    #expect(fixture.backend.firstView(withKey: "clearDone") == nil)
  }

  @Test("the filter tabs pick the rows; the help line comes from the screen's key bindings")
  func filters() async throws {
    let fixture = await Fixture()
    defer { fixture.remove() }
    #expect(fixture.text("help") == "Tab moves · Enter opens · x deletes · f filter · s settings · ^Z undo · ^Q quits")
    for title in ["a", "b"] { await fixture.type(title) }
    await fixture.send(.tap, to: "row-2.button")
    let box = try #require(fixture.backend.firstView(withKey: "row-2.button"))
    #expect(Accessibility.resolved(kind: box.kind, props: box.props)?.description == "checkbox \"Done: b\" checked")
    await fixture.send(.select(2), to: "filter")
    #expect(fixture.text("filter") == "done")
    #expect(fixture.backend.firstView(withKey: "row-1") == nil)
    #expect(fixture.rows == ["[x] b"])
    await fixture.send(.key(KeyPress(.character("f"))), to: "row-2")  // cycles back to all
    #expect(fixture.store.state.filter == .all)
    #expect(fixture.rows == ["[ ] a", "[x] b"])
  }

  @Test("Ctrl-Z undoes and Ctrl-Y redoes, and the screen shows each restored list")
  func undoRedoKeys() async {
    let fixture = await Fixture()
    defer { fixture.remove() }
    for title in ["a", "b"] { await fixture.type(title) }
    await fixture.send(.key(KeyPress(.character("z"), modifiers: .control)), to: "row-1")
    #expect(fixture.rows == ["[ ] a"])
    #expect(fixture.text("count") == "1 item left")
    await fixture.send(.key(KeyPress(.character("y"), modifiers: .control)), to: "row-1")
    #expect(fixture.rows == ["[ ] a", "[ ] b"])
    await fixture.send(.tap, to: "undo")
    #expect(fixture.rows == ["[ ] a"])
    await fixture.send(.tap, to: "redo")
    #expect(fixture.rows == ["[ ] a", "[ ] b"])
  }

  @Test("on a phone-wide screen the footer takes two lines and every control stays inside the screen")
  func narrowFooter() async throws {
    let storage = TodosStorage(folder: NSTemporaryDirectory() + "katana-todos-narrow-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    let store = storage.makeStore().store
    await store.waitUntilReady()
    let window = Size(width: 312, height: 675.2)  // 390×844 CSS pixels at the page's 1.25 pixels per point
    let backend = RecordingBackend(containerSize: window)
    let renderer = Renderer(rootDescription: TodosLauncher.rootScreen, store: store)
    renderer.render(in: backend)
    await renderer.settle()
    let keys = ["field", "count", "filter", "undo", "redo"]
    for key in keys {
      let frame = try #require(backend.firstView(withKey: key)?.props.frame, "no \(key)")
      #expect(frame.minX >= 0 && frame.maxX <= window.width && frame.maxY <= window.height, "\(key) at \(frame)")
    }
    let filters = try #require(backend.firstView(withKey: "filter")?.props.frame)
    let undo = try #require(backend.firstView(withKey: "undo")?.props.frame)
    #expect(undo.minY == filters.minY + TodosScreen.lineHeight)
    withExtendedLifetime(renderer) {}
  }
}
