import Testing

@testable import KatanaTerminal

@Suite("Cell grid with wide and zero-width characters")
struct CellGridTests {
  @Test("wide characters take two cells, combining marks none, so a mixed title lines up")
  func mixedWidths() {
    var grid = CellGrid(size: TerminalSize(columns: 12, rows: 1))
    grid.write("牛奶 🥛e\u{301}!", column: 0, row: 0, style: .plain)
    #expect(grid[0, 0].character == "牛")
    #expect(grid[1, 0].isWideContinuation)
    #expect(grid[2, 0].character == "奶")
    #expect(grid[4, 0].character == " ")
    #expect(grid[5, 0].character == "🥛")
    #expect(grid[6, 0].isWideContinuation)
    #expect(grid[7, 0].character == "e\u{301}")
    #expect(grid[8, 0].character == "!")
    #expect(grid.text(ofRow: 0) == "牛奶 🥛e\u{301}!   ")
  }

  @Test("a wide character cut by the right edge or the clip becomes a space")
  func cutAtTheEdge() {
    var grid = CellGrid(size: TerminalSize(columns: 5, rows: 1))
    grid.write("ab牛牛", column: 0, row: 0, style: .plain)
    #expect(grid.text(ofRow: 0) == "ab牛 ")
    var clipped = CellGrid(size: TerminalSize(columns: 6, rows: 1))
    // Starting one column left of the clip: only the right half would show.
    clipped.write("牛x", column: 0, row: 0, style: .plain, clip: CellRect(column: 1, row: 0, width: 5, height: 1))
    #expect(clipped.text(ofRow: 0) == "  x   ")
  }

  @Test("overwriting half of a wide character blanks its other half")
  func overwriteHalf() {
    var grid = CellGrid(size: TerminalSize(columns: 6, rows: 1))
    grid.write("牛奶", column: 0, row: 0, style: .plain)
    grid.write("x", column: 1, row: 0, style: .plain)  // right half of 牛
    grid[2, 0] = Cell("y")  // left half of 奶
    #expect(grid.text(ofRow: 0) == " xy   ")
    #expect(!grid[3, 0].isWideContinuation)
    grid[4, 0] = Cell("🥛")
    #expect(grid.text(ofRow: 0) == " xy 🥛")
    grid.fill(CellRect(column: 5, row: 0, width: 1, height: 1), with: Cell("-"))
    #expect(grid.text(ofRow: 0) == " xy  -")
    grid[5, 0] = Cell("牛")  // a wide character cannot start in the last column
    #expect(grid.text(ofRow: 0) == " xy   ")
  }
}

@Suite("Screen buffer diff with wide characters")
struct WideScreenBufferTests {
  @Test("a wide character is written once and moves the cursor two columns")
  func wideDiff() {
    var buffer = ScreenBuffer(size: TerminalSize(columns: 10, rows: 2), colorSupport: .none)
    _ = buffer.present()
    buffer.back.write("牛奶x", column: 0, row: 0, style: .plain)
    #expect(buffer.present() == "\u{1B}[H牛奶x")
    // Changing the cell after them needs no move past the wide characters' halves.
    buffer.back.write("牛奶y", column: 0, row: 0, style: .plain)
    #expect(buffer.present() == "\u{1B}[1;5Hy")
  }

  @Test("replacing a wide character by narrow ones rewrites both cells; the reverse writes it once")
  func replaceWide() {
    var buffer = ScreenBuffer(size: TerminalSize(columns: 10, rows: 1), colorSupport: .none)
    _ = buffer.present()
    buffer.back.write("a牛b", column: 0, row: 0, style: .plain)
    _ = buffer.present()
    buffer.back.write("xy", column: 1, row: 0, style: .plain)
    #expect(buffer.present() == "\u{1B}[1;2Hxy")
    buffer.back.write("奶", column: 1, row: 0, style: .plain)
    #expect(buffer.present() == "\u{1B}[1;2H奶")
  }

  @Test("after a wide character in the last two columns the cursor position is unknown: the next row moves absolutely")
  func wideAtRightEdge() {
    var buffer = ScreenBuffer(size: TerminalSize(columns: 4, rows: 2), colorSupport: .none)
    _ = buffer.present()
    buffer.back.write("ab牛", column: 0, row: 0, style: .plain)
    buffer.back.write("c", column: 0, row: 1, style: .plain)
    #expect(buffer.present() == "\u{1B}[Hab牛\u{1B}[2Hc")
  }
}
