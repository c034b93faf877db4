import KatanaUI
import Testing

@testable import KatanaTerminal

@MainActor
@Suite("The terminal's cursor follows the focus")
struct TerminalFocusCursorTests {
  /// A button on row 1 and a text field on row 3 (the standard geometry: two points a row).
  private func makeScreen() -> TerminalBackend {
    let backend = TerminalBackend(size: TerminalSize(columns: 20, rows: 5))
    backend.apply(
      mount(1, .button, ButtonProps.build {
        $0.frame = Rect(x: 2, y: 2, width: 8, height: 2)
        $0.titles[.normal] = "OK"
      }, at: 0)
        + mount(2, .textField, TextFieldProps.build {
          $0.frame = Rect(x: 0, y: 6, width: 10, height: 2)
          $0.text = "abc"
        }, at: 1))
    return backend
  }

  @Test("a focused button puts the cursor on its title's first character, a focused field on its caret")
  func cursorOnFocusedControl() {
    let backend = makeScreen()
    _ = backend.renderedText()
    #expect(backend.focusedNode == .id(1))
    // "[OK]" centred in 8 columns from column 2: its "[" is at column 4.
    #expect(backend.focusCursor == TerminalCursorPosition(column: 4, row: 1))
    backend.handle(.key(TerminalKeyPress(.tab)))
    _ = backend.renderedText()
    #expect(backend.focusCursor == TerminalCursorPosition(column: 3, row: 3))
    backend.handle(.key(TerminalKeyPress(.left)))
    _ = backend.renderedText()
    #expect(backend.focusCursor == TerminalCursorPosition(column: 2, row: 3))
  }

  @Test("each frame ends by moving the cursor to the focus and showing it; no focus hides it")
  func eventLoopWritesTheCursor() {
    let backend = makeScreen()
    var written: [String] = []
    let loop = TerminalEventLoop(backend: backend, clock: ContinuousClock()) { written.append($0) }
    loop.drawFrame()
    #expect(written.last?.hasSuffix("\u{1B}[2;5H\u{1B}[?25h") == true)
    backend.handle(.key(TerminalKeyPress(.tab)))
    loop.drawFrame()
    // Shown already: only moved.
    #expect(written.last?.hasSuffix("\u{1B}[4;4H") == true)
    #expect(written.last?.contains("\u{1B}[?25h") == false)
    backend.apply([.remove(.id(1)), .remove(.id(2))])
    loop.drawFrame()
    #expect(written.last?.hasSuffix("\u{1B}[?25l") == true)
    #expect(backend.focusCursor == nil)
  }
}
