import Katana
import KatanaTesting
import KatanaUI
import Testing

@testable import KatanaTerminal

import class KatanaTestSupport.Watched
import let KatanaTestSupport.patience

/// The widget kit on the terminal backend: how each element looks, and keys and clicks through
/// the store and back.
@MainActor
@Suite("Widget kit on the terminal")
struct TerminalKitTests {
  typealias KitStore = Store<TerminalKitState, EmptySideEffectDependencyContainer>

  func render(_ state: TerminalKitState = TerminalKitState()) async throws -> (KitStore, TerminalBackend, Renderer) {
    let store = KitStore()
    try await store.dispatch(TerminalKitUpdate { [state] in $0 = state }).value
    let backend = TerminalBackend(
      size: TerminalSize(columns: 40, rows: 12), colorSupport: .none, geometry: .fontCell)
    let renderer = Renderer(rootDescription: TerminalKitScreen(props: TerminalKitProps()), store: store)
    renderer.render(in: backend)
    await renderer.settle()
    return (store, backend, renderer)
  }

  func key(_ key: TerminalKey, _ backend: TerminalBackend, modifiers: TerminalKeyModifiers = [], count: Int = 1) {
    for _ in 0..<count { backend.handle(.key(TerminalKeyPress(key, modifiers: modifiers))) }
  }

  func type(_ text: String, _ backend: TerminalBackend) {
    for character in text { backend.handle(.key(.character(character))) }
  }

  func click(_ backend: TerminalBackend, column: Int, row: Int) {
    backend.handle(.mouse(MouseEvent(button: .left, action: .press, column: column, row: row)))
    backend.handle(.mouse(MouseEvent(button: .left, action: .release, column: column, row: row)))
  }

  func id(_ backend: TerminalBackend, _ key: String) throws -> NodeID {
    try #require(backend.nodes.values.first { $0.props.key == key }?.id)
  }

  func lines(_ backend: TerminalBackend) -> [String] {
    backend.renderedText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test("every element drawn in 40×12: tabs, switch, picker, placeholder, bar, spinner, scroll bar, help line")
  func look() async throws {
    let (_, backend, _) = try await render()
    backend.animationTime = .milliseconds(250)
    let screen = lines(backend)
    #expect(screen[0] == "[All]  Work   Home")
    #expect(screen[1] == "[off] Pinned    ‹ Newest ›")
    #expect(screen[2] == "Note")
    #expect(screen[5] == "████████░░░░░░░  50%  ⠹ Searching")
    #expect(screen[6] == "line 0             █")
    #expect(screen[7] == "line 1             │")
    #expect(screen[11] == "Tab moves · d deletes · ^Q quits")
  }

  @Test("Tab walks tabs, switch, picker and text area; arrows choose tabs and options; Space toggles; clicks choose")
  func keysAndClicks() async throws {
    let (store, backend, renderer) = try await render()
    #expect(backend.focusedNode == (try id(backend, "tabs")))
    key(.right, backend)
    await renderer.settle()
    #expect(store.state.tab == 1)
    #expect(lines(backend)[0] == " All  [Work]  Home")
    key(.end, backend)
    await renderer.settle()
    #expect(store.state.tab == 2)
    key(.tab, backend)
    #expect(backend.focusedNode == (try id(backend, "pinned")))
    key(.character(" "), backend)
    await renderer.settle()
    #expect(store.state.isPinned)
    #expect(lines(backend)[1].hasPrefix("[on ] Pinned"))
    key(.tab, backend)
    key(.right, backend)
    await renderer.settle()
    #expect(store.state.sort == 1)
    key(.enter, backend)
    await renderer.settle()
    #expect(store.state.sort == 2)
    key(.tab, backend)
    #expect(backend.focusedNode == (try id(backend, "body")))
    // A click on "All" chooses it; a click on the picker, its next option (wrapping).
    click(backend, column: 2, row: 0)
    click(backend, column: 18, row: 1)
    await renderer.settle()
    #expect(store.state.tab == 0)
    #expect(store.state.sort == 0)
  }

  @Test("a text area takes typing, Enter, Backspace over a line break, and wraps words in its width")
  func typing() async throws {
    let (store, backend, renderer) = try await render()
    #expect(backend.focus(try id(backend, "body")))
    type("Buy milk and bread", backend)
    key(.enter, backend)
    type("x", backend)
    // Shown at once, before the store has the edits (the space ending a row is drawn blank).
    #expect(lines(backend)[2...4] == ["Buy milk", "and bread", "x"])
    await renderer.settle()
    #expect(store.state.body.text == "Buy milk and bread\nx")
    key(.left, backend)
    key(.backspace, backend)
    await renderer.settle()
    #expect(store.state.body.text == "Buy milk and breadx")
    #expect(lines(backend)[2...4] == ["Buy milk", "and breadx", ""])
  }

  @Test("caret moves by character, word, wrapped row and line; Page Down pages; the view follows the caret")
  func caretMovement() async throws {
    let text = (0..<20).map { "l\($0) aa bb" }.joined(separator: "\n")
    let (_, backend, _) = try await render(TerminalKitState(body: TextDocument(text)))
    let body = try id(backend, "body")
    #expect(backend.focus(body))
    func caret() -> TextPosition? { backend.nodes[body]?.area?.caret }
    key(.right, backend, modifiers: .alt)
    #expect(caret() == TextPosition(line: 0, column: 3))
    key(.end, backend)
    #expect(caret() == TextPosition(line: 0, column: 8))
    key(.right, backend)
    #expect(caret() == TextPosition(line: 1, column: 0))
    key(.left, backend, modifiers: .control)
    #expect(caret() == TextPosition(line: 0, column: 6))
    key(.home, backend)
    key(.down, backend, count: 2)
    #expect(caret() == TextPosition(line: 2, column: 0))
    key(.pageDown, backend, count: 5)
    #expect(caret() == TextPosition(line: 12, column: 0))
    // The area's three rows end on the caret's row.
    #expect(lines(backend)[2...4] == ["l10 aa bb", "l11 aa bb", "l12 aa bb"])
    key(.pageUp, backend, count: 10)
    #expect(caret() == TextPosition(line: 0, column: 0))
    #expect(lines(backend)[2] == "l0 aa bb")
  }

  @Test("wide characters wrap by their width; a paste is one edit with its line breaks")
  func wideCharactersAndPaste() async throws {
    let (store, backend, renderer) = try await render()
    #expect(backend.focus(try id(backend, "body")))
    backend.handle(.paste("漢字 漢字漢字\r\nok"))
    await renderer.settle()
    #expect(store.state.body.lines == ["漢字 漢字漢字", "ok"])
    // Ten columns wrap "漢字 " (5) and "漢字漢字" (8).
    #expect(lines(backend)[2...4] == ["漢字", "漢字漢字", "ok"])
    #expect(TextAreaEditor.rows(of: "漢字 漢字漢字", width: 10) == [0..<3, 3..<7])
    #expect(TextAreaEditor.rows(of: "abcdefghijklmn", width: 5) == [0..<5, 5..<10, 10..<14])
  }

  @Test("a dialog keeps the focus and clicks inside; Esc cancels it and the focus returns")
  func dialog() async throws {
    let (store, backend, renderer) = try await render()
    let pinned = try id(backend, "pinned")
    #expect(backend.focus(pinned))
    type("d", backend)
    await renderer.settle()
    let cancel = try id(backend, "dialog.cancel")
    let confirm = try id(backend, "dialog.confirm")
    #expect(backend.focusedNode == cancel)
    #expect(lines(backend).contains { $0.contains("┌─ Delete? ") })
    key(.tab, backend)
    #expect(backend.focusedNode == confirm)
    key(.tab, backend)
    #expect(backend.focusedNode == cancel)
    // A click on the tabs behind the dialog does nothing.
    click(backend, column: 10, row: 0)
    await renderer.settle()
    #expect(store.state.tab == 0)
    key(.escape, backend)
    await renderer.settle()
    #expect(!store.state.isConfirming)
    #expect(backend.focusedNode == pinned)
    #expect(!lines(backend).contains { $0.contains("Delete?") })
  }

  @Test("Page Down scrolls a scroll view and moves its scroll bar's thumb")
  func scrollView() async throws {
    let (_, backend, _) = try await render()
    key(.pageDown, backend, count: 3)
    let screen = lines(backend)
    #expect(screen[6] == "line 3             │")
    #expect(screen[7] == "line 4             █")
  }

  @Test("spinners and indeterminate bars step on the event loop's clock, and only while on screen")
  func animation() async throws {
    let (store, backend, renderer) = try await render(TerminalKitState(progress: nil))
    let clock = ManualClock()
    let frames = Watched([String]())
    let loop = TerminalEventLoop(backend: backend, clock: clock) { _ in
      frames.update { $0.append(String(backend.renderedText().split(separator: "\n", omittingEmptySubsequences: false)[5])) }
    }
    loop.drawFrame()
    // A block a third of the bar long enters from the left, one cell a frame.
    #expect(frames.value == ["░░░░░░░░░░░░░░░░░░░░  ⠋ Searching"])
    // The loop's next animation frame waits on the clock. Under ThreadSanitizer with other suites
    // queued on the main actor, the task took over 2 s to get there: the package's patience.
    await clock.waitForSleepers(1, timeout: patience)
    await clock.advance(by: .milliseconds(100))
    // One step of the animation later, a frame shows the next one (whatever other frames the
    // renderer asked for meanwhile).
    await frames.wait("the second animation frame") { $0.contains("█░░░░░░░░░░░░░░░░░░░  ⠙ Searching") }
    #expect(backend.hasAnimatedElements)
    try await store.dispatch(TerminalKitUpdate { $0.isSearching = false; $0.progress = 1 }).value
    await renderer.settle()
    #expect(!backend.hasAnimatedElements)
  }
}
