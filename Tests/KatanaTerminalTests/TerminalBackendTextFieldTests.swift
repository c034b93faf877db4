import Katana
import KatanaUI
import Testing

@testable import KatanaTerminal

/// The text fields of the grid test app (``gridApp()``): the store's name, on row 10.
@MainActor
@Suite("Text fields on the terminal backend")
struct TerminalBackendTextFieldTests {
  /// The grid app rendered on a 30x12 terminal with its text field focused.
  func focusedField() throws -> (Store<GridState, EmptySideEffectDependencyContainer>, TerminalBackend, Renderer) {
    let store = Store<GridState, EmptySideEffectDependencyContainer>()
    let backend = TerminalBackend(size: TerminalSize(columns: 30, rows: 12), colorSupport: .none)
    let renderer = Renderer(rootDescription: gridApp(), store: store)
    renderer.render(in: backend)
    let field = try #require(backend.nodes.values.first(where: { $0.kind == .textField })?.id)
    #expect(backend.focus(field))
    return (store, backend, renderer)
  }

  /// Feeds typed bytes through the parser to the backend, as the event loop does.
  func type(_ bytes: String, into backend: TerminalBackend) {
    var parser = InputParser()
    for event in parser.parse(Array(bytes.utf8)) { backend.handle(event) }
  }

  /// Where the caret is drawn on row 10: the column of the one inverse cell.
  func caretColumn(_ backend: TerminalBackend) -> Int? {
    var grid = CellGrid(size: backend.size)
    backend.draw(into: &grid)
    return (0..<backend.size.columns).first { grid[$0, 10].style.isInverse }
  }

  @Test("keys typed while the store's echo of earlier ones is on its way are kept; the app can still clear the field")
  func typingAheadOfTheStore() async throws {
    let (store, backend, renderer) = try focusedField()
    let field = try #require(backend.nodes.values.first(where: { $0.kind == .textField }))
    var stale = try #require(field.props as? TextFieldProps)
    type("mi", into: backend)
    // A render of the state after the first key only, arriving after the second key: the field
    // must not go back to "m" (the next keys would then make "mlk").
    stale.text = "m"
    backend.apply([.updateProps(field.id, props: stale)])
    #expect(row(10, of: backend).hasPrefix("mi"))
    type("lk", into: backend)
    await renderer.settle()
    #expect(store.state.name == "milk")
    #expect(row(10, of: backend).hasPrefix("milk"))
    // Text that is not an echo of typing (the app cleared it) replaces the field's.
    try await store.dispatch(SetName(name: "")).value
    await renderer.settle()
    #expect(field.content.text == "")
    withExtendedLifetime(renderer) {}
  }

  @Test("Home and End move the caret; typing, Backspace and Delete edit at the caret")
  func homeEndAndCaretEditing() async throws {
    let (store, backend, renderer) = try focusedField()
    type("milk", into: backend)
    await renderer.settle()
    #expect(caretColumn(backend) == 4)
    type("\u{1B}[H", into: backend)  // Home
    #expect(caretColumn(backend) == 0)
    type("oat ", into: backend)
    await renderer.settle()
    #expect(store.state.name == "oat milk")
    type("\u{1B}[F\u{7F}\u{1B}OH\u{1B}[3~", into: backend)  // End, Backspace, Home (SS3), Delete
    await renderer.settle()
    #expect(store.state.name == "at mil")
    #expect(row(10, of: backend) == "at mil")
    type("\u{1B}[C\u{1B}[CX", into: backend)  // two Rights, then insert
    await renderer.settle()
    #expect(store.state.name == "atX mil")
    #expect(caretColumn(backend) == 3)
    withExtendedLifetime(renderer) {}
  }

  @Test("the caret and the visible part of the text follow wide characters")
  func wideText() async throws {
    let (store, backend, renderer) = try focusedField()
    type("牛奶 🥛", into: backend)
    await renderer.settle()
    #expect(store.state.name == "牛奶 🥛")
    #expect(row(10, of: backend) == "牛奶 🥛")
    #expect(caretColumn(backend) == 7)
    type("\u{1B}[D\u{1B}[D", into: backend)  // caret before the space
    #expect(caretColumn(backend) == 4)
    // A long text scrolls so the caret stays in the 12-column field.
    type("\u{1B}[F" + String(repeating: "牛", count: 10), into: backend)
    await renderer.settle()
    #expect(row(10, of: backend) == String(repeating: "牛", count: 5))
    #expect(caretColumn(backend) == 10)
    withExtendedLifetime(renderer) {}
  }

  @Test("a paste reaches the focused text field as one edit, never as shortcut keys")
  func pasteIntoField() async throws {
    let (store, backend, renderer) = try focusedField()
    let sink = RecordingSink()
    type("ab\u{1B}[D", into: backend)
    await renderer.settle()
    backend.attach(sink)
    // q, 1, Ctrl-C and an arrow's bytes inside the paste are text, not keys; control characters
    // and the line end become spaces.
    type("\u{1B}[200~q1\u{3}\u{1B}[A\r\nx\u{1B}[201~", into: backend)
    let inputs = sink.events.map(\.0)
    #expect(inputs.count == 1)
    #expect(inputs.first == .textInput("aq1  [A xb"))
    #expect(backend.nodes.values.first(where: { $0.kind == .textField })?.content.text == "aq1  [A xb")
    #expect(store.state.name == "ab")  // the sink replaced the renderer: nothing reached the store
    withExtendedLifetime(renderer) {}
  }

  @Test("a paste without a focused text field goes to the focused node as one paste event")
  func pasteElsewhere() {
    let backend = TerminalBackend(size: TerminalSize(columns: 80, rows: 30))
    let sink = RecordingSink()
    backend.attach(sink)
    backend.apply(mount(1, .view, TestProps(0, 0, 80, 60), at: 0) + mount(10, .button, TestProps(0, 0, 4, 2), in: 1, at: 0))
    backend.handle(.paste("r2"))
    #expect(sink.events(for: .id(10)) == [.paste("r2")])
    #expect(sink.events.count == 1)
  }
}
