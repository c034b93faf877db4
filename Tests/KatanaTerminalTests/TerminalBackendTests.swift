import KatanaUI
import Testing

@testable import KatanaTerminal

@MainActor
@Suite("Terminal backend")
struct TerminalBackendTests {
  /// A root view filling an 80x30 terminal (80x60 points) with a 3x3 grid of buttons, each
  /// 4 columns x 1 row (4x2 points), two columns and one row apart, plus a label.
  func makeGrid() -> (TerminalBackend, RecordingSink) {
    let backend = TerminalBackend(size: TerminalSize(columns: 80, rows: 30))
    let sink = RecordingSink()
    backend.attach(sink)
    var mutations = mount(1, .view, TestProps(0, 0, 80, 60), at: 0)
    for row in 0..<3 {
      for column in 0..<3 {
        let id = 10 + row * 3 + column
        mutations += mount(id, .button, TestProps(Double(10 + column * 6), Double(4 + row * 4), 4, 2), in: 1, at: row * 3 + column)
      }
    }
    backend.apply(mutations)
    return (backend, sink)
  }

  @Test("the container is the terminal in points: one point per column, two per row")
  func containerSize() {
    let backend = TerminalBackend(size: TerminalSize(columns: 80, rows: 30))
    #expect(backend.containerSize == Size(width: 80, height: 60))
  }

  @Test("layouts see one cell of the backend's geometry as the character cell")
  func characterCell() {
    #expect(TerminalBackend(size: TerminalSize(columns: 80, rows: 30)).characterCell == Size(width: 1, height: 2))
    let fontCell = TerminalBackend(size: TerminalSize(columns: 80, rows: 30), geometry: .fontCell)
    #expect(fontCell.characterCell == Size(width: 8, height: 16))
  }

  @Test("child frames are relative to their parent and rounded to cells")
  func nestedFrames() {
    let backend = TerminalBackend(size: TerminalSize(columns: 80, rows: 30))
    backend.apply(
      mount(1, .view, TestProps(0, 0, 80, 60), at: 0)
        + mount(2, .view, TestProps(10, 10, 40, 20), in: 1, at: 0)
        + mount(3, .button, TestProps(5.4, 3, 10.2, 4), in: 2, at: 0))
    #expect(backend.cellRect(of: .id(2)) == CellRect(column: 10, row: 5, width: 40, height: 10))
    // x 15.4 → 15, right edge 25.6 → 26; y 13 → 6.5 → 7 (away from zero), bottom 17 → 8.5 → 9.
    #expect(backend.cellRect(of: .id(3)) == CellRect(column: 15, row: 7, width: 11, height: 2))
  }

  @Test("move, setFrame and remove update the tree; removal takes the subtree")
  func mutationsUpdateTree() {
    let (backend, _) = makeGrid()
    backend.apply([.setFrame(.id(10), Rect(x: 0, y: 0, width: 2, height: 2))])
    #expect(backend.cellRect(of: .id(10)) == CellRect(column: 0, row: 0, width: 2, height: 1))
    backend.apply([.move(.id(10), parent: .id(1), to: 8)])
    #expect(backend.nodes[.id(1)]?.children.last == .id(10))
    backend.apply([.remove(.id(1))])
    #expect(backend.nodes.count == 1)  // the container only
    #expect(backend.focusedNode == nil)
    #expect(backend.cellRect(of: .id(12)) == nil)
  }

  @Test("the first focusable node gets the focus; Tab and Shift-Tab cycle in tree order")
  func tabCycles() {
    let (backend, _) = makeGrid()
    #expect(backend.focusedNode == .id(10))
    backend.handle(.key(TerminalKeyPress(.tab)))
    #expect(backend.focusedNode == .id(11))
    backend.handle(.key(TerminalKeyPress(.tab, modifiers: .shift)))
    backend.handle(.key(TerminalKeyPress(.tab, modifiers: .shift)))
    #expect(backend.focusedNode == .id(18))
  }

  @Test("arrow keys walk a grid of buttons cell by cell and stop at the edges")
  func arrowsWalkGrid() {
    let (backend, _) = makeGrid()
    backend.handle(.key(TerminalKeyPress(.right)))
    #expect(backend.focusedNode == .id(11))
    backend.handle(.key(TerminalKeyPress(.down)))
    #expect(backend.focusedNode == .id(14))
    backend.handle(.key(TerminalKeyPress(.down)))
    backend.handle(.key(TerminalKeyPress(.down)))
    #expect(backend.focusedNode == .id(17))
    backend.handle(.key(TerminalKeyPress(.left)))
    #expect(backend.focusedNode == .id(16))
  }

  @Test("a batch of keys is handled in order, as if typed one by one")
  func batchOfKeys() {
    let (backend, _) = makeGrid()
    var parser = InputParser()
    for event in parser.parse(Array("\u{1B}[C\u{1B}[C\u{1B}[B\t".utf8)) { backend.handle(event) }
    #expect(backend.focusedNode == .id(16))
  }

  @Test("Enter and Space press the focused button: touchDown then touchUpInside")
  func enterActivates() {
    let (backend, sink) = makeGrid()
    backend.handle(.key(TerminalKeyPress(.enter)))
    backend.handle(.key(.character(" ")))
    #expect(sink.events(for: .id(10)) == [.touch(.touchDown), .tap, .touch(.touchDown), .tap])
  }

  @Test("other keys go to the focused node as KatanaUI key events")
  func keysReachFocusedNode() {
    let (backend, sink) = makeGrid()
    backend.handle(.key(.character("f")))
    backend.handle(.key(TerminalKeyPress(.home)))
    backend.handle(.key(TerminalKeyPress(.function(5), modifiers: .shift)))
    backend.handle(.key(TerminalKeyPress(.function(13))))  // no KatanaUI equivalent: dropped
    #expect(sink.events(for: .id(10)) == [
      .key(KeyPress(.character("f"))), .key(KeyPress(.home)), .key(KeyPress(.function(5), modifiers: .shift)),
    ])
    #expect(sink.events.count == 3)
  }

  @Test("a left click focuses and taps the button under the pointer")
  func leftClick() {
    let (backend, sink) = makeGrid()
    // Button 14 (row 1, column 1) covers columns 16..<20, row 4.
    backend.handle(.mouse(MouseEvent(button: .left, action: .press, column: 17, row: 4)))
    #expect(backend.focusedNode == .id(14))
    backend.handle(.mouse(MouseEvent(button: .left, action: .release, column: 17, row: 4)))
    #expect(sink.events(for: .id(14)) == [.touch(.touchDown), .tap])
  }

  @Test("releasing outside the pressed button reports touchUpOutside, not a tap")
  func releaseOutside() {
    let (backend, sink) = makeGrid()
    backend.handle(.mouse(MouseEvent(button: .left, action: .press, column: 17, row: 4)))
    backend.handle(.mouse(MouseEvent(button: .left, action: .release, column: 0, row: 0)))
    #expect(sink.events(for: .id(14)) == [.touch(.touchDown), .touch(.touchUpOutside)])
  }

  @Test("a right click sends the secondary touch events")
  func rightClick() {
    let (backend, sink) = makeGrid()
    backend.handle(.mouse(MouseEvent(button: .right, action: .press, column: 10, row: 2)))
    backend.handle(.mouse(MouseEvent(button: .right, action: .release, column: 10, row: 2)))
    #expect(sink.events(for: .id(10)) == [.touch(.secondaryTouchDown), .touch(.secondaryTouchUpInside)])
  }

  @Test("clicks on empty space or plain views reach nobody")
  func clickOnNothing() {
    let (backend, sink) = makeGrid()
    backend.handle(.mouse(MouseEvent(button: .left, action: .press, column: 79, row: 29)))
    backend.handle(.mouse(MouseEvent(button: .left, action: .release, column: 79, row: 29)))
    #expect(sink.events.isEmpty)
    #expect(backend.clickTarget(column: 79, row: 29) == nil)
  }

  @Test("a click inside a touch handler's child reaches the touch handler")
  func clickBubblesToTouchHandler() {
    let backend = TerminalBackend(size: TerminalSize(columns: 20, rows: 10))
    backend.apply(
      mount(1, .touchHandler, TestProps(0, 0, 20, 20), at: 0)
        + mount(2, .label, TestProps(2, 2, 5, 2), in: 1, at: 0))
    #expect(backend.clickTarget(column: 3, row: 1) == .id(1))
  }

  @Test("hidden nodes (alpha 0) are neither focusable nor clickable")
  func hiddenNodes() {
    let backend = TerminalBackend(size: TerminalSize(columns: 20, rows: 10))
    var hidden = TestProps(0, 0, 5, 2)
    hidden.alpha = 0
    backend.apply(mount(1, .button, hidden, at: 0))
    #expect(backend.focusedNode == nil)
    #expect(backend.clickTarget(column: 1, row: 0) == nil)
  }

  @Test("a resize reports the new container size in points and asks for a frame")
  func resize() {
    let (backend, sink) = makeGrid()
    var frames = 0
    backend.onNeedsDisplay = { frames += 1 }
    backend.handle(.resize(TerminalSize(columns: 100, rows: 40)))
    #expect(sink.resizes == [Size(width: 100, height: 80)])
    #expect(frames == 1)
    backend.handle(.resize(TerminalSize(columns: 100, rows: 40)))
    #expect(sink.resizes.count == 1)
  }

  @Test("unknown ids in mutations are ignored instead of trapping")
  func unknownIDs() {
    let backend = TerminalBackend(size: TerminalSize(columns: 20, rows: 10))
    backend.apply([
      .updateProps(.id(9), props: TestProps(0, 0, 1, 1)), .insert(.id(9), parent: .id(3), at: 5),
      .move(.id(9), parent: .id(0), to: 2), .setFrame(.id(9), .zero), .remove(.id(9)), .remove(.container),
    ])
    #expect(backend.nodes.keys.map(\.self) == [.container])
  }
}
