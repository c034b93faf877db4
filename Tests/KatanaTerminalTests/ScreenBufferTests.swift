import Testing

@testable import KatanaTerminal

@Suite("Screen buffer diff")
struct ScreenBufferTests {
  private let size = TerminalSize(columns: 10, rows: 3)

  /// A buffer that already showed one (blank) frame, so the next output is a pure diff.
  private func presentedBuffer(colorSupport: ColorSupport = .ansi16) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: size, colorSupport: colorSupport)
    _ = buffer.present()
    return buffer
  }

  @Test("the first frame clears the screen and draws only non-blank cells")
  func firstFrame() {
    var buffer = ScreenBuffer(size: size, colorSupport: .ansi16)
    buffer.back.write("Hi", column: 0, row: 1, style: .plain)
    #expect(buffer.present() == "\u{1B}[0m\u{1B}[2J\u{1B}[2HHi")
  }

  @Test("an unchanged frame writes nothing")
  func noChange() {
    var buffer = presentedBuffer()
    buffer.back.write("Count: 1", column: 0, row: 0, style: .plain)
    _ = buffer.present()
    buffer.back.write("Count: 1", column: 0, row: 0, style: .plain)
    #expect(buffer.present() == "")
  }

  @Test("one changed cell costs one cursor move and one character")
  func singleCell() {
    var buffer = presentedBuffer()
    buffer.back.write("Count: 1", column: 0, row: 0, style: .plain)
    _ = buffer.present()
    buffer.back.write("2", column: 7, row: 0, style: .plain)
    #expect(buffer.present() == "\u{1B}[1;8H2")
  }

  @Test("consecutive changed cells need no cursor move between them")
  func runOfCells() {
    var buffer = presentedBuffer()
    buffer.back.write("abc", column: 2, row: 2, style: .plain)
    #expect(buffer.present() == "\u{1B}[3;3Habc")
  }

  @Test("a short gap of unchanged cells in the same style is rewritten instead of moved over")
  func shortGapRewritten() {
    var buffer = presentedBuffer()
    buffer.back.write("a..b", column: 0, row: 0, style: .plain)
    _ = buffer.present()
    buffer.back.write("x..y", column: 0, row: 0, style: .plain)
    // "x", then ".." (2 bytes) is shorter than "\e[2C" (4 bytes), then "y".
    #expect(buffer.present() == "\u{1B}[Hx..y")
  }

  @Test("a long gap on the same row uses a relative move, shorter than an absolute one")
  func longGapRelativeMove() {
    var buffer = presentedBuffer()
    buffer.back.write("a", column: 0, row: 1, style: .plain)
    buffer.back.write("b", column: 8, row: 1, style: .plain)
    #expect(buffer.present() == "\u{1B}[2Ha\u{1B}[7Cb")
  }

  @Test("the next row's first column is reached with CR LF")
  func nextRow() {
    var buffer = presentedBuffer()
    buffer.back.write("a", column: 9, row: 0, style: .plain)
    buffer.back.write("b", column: 0, row: 2, style: .plain)
    buffer.back.write("c", column: 1, row: 2, style: .plain)
    // After the last column the cursor position is unknown (pending wrap): absolute moves.
    #expect(buffer.present() == "\u{1B}[1;10Ha\u{1B}[3Hbc")
    buffer.back.write("de", column: 0, row: 0, style: .plain)
    buffer.back.write("f", column: 0, row: 1, style: .plain)
    #expect(buffer.present() == "\u{1B}[Hde\r\nf")
  }

  @Test("the style is changed only when it differs, and reset at the end")
  func styleChanges() {
    var buffer = presentedBuffer()
    let red = CellStyle(foreground: .red)
    buffer.back.write("ab", column: 0, row: 0, style: red)
    buffer.back.write("c", column: 2, row: 0, style: .plain)
    #expect(buffer.present() == "\u{1B}[H\u{1B}[0;31mab\u{1B}[0mc")
    buffer.back.write("d", column: 3, row: 0, style: red)
    #expect(buffer.present() == "\u{1B}[1;4H\u{1B}[0;31md\u{1B}[0m")
  }

  @Test("colours are downgraded to what the terminal supports")
  func colourDowngrade() {
    let style = CellStyle(foreground: .rgb(red: 255, green: 0, blue: 0), background: .indexed(21), isBold: true)
    var trueColor = presentedBuffer(colorSupport: .trueColor)
    trueColor.back[0, 0] = Cell("x", style: style)
    #expect(trueColor.present() == "\u{1B}[H\u{1B}[0;1;38;2;255;0;0;48;5;21mx\u{1B}[0m")
    var palette = presentedBuffer(colorSupport: .ansi256)
    palette.back[0, 0] = Cell("x", style: style)
    #expect(palette.present() == "\u{1B}[H\u{1B}[0;1;38;5;196;48;5;21mx\u{1B}[0m")
    var sixteen = presentedBuffer(colorSupport: .ansi16)
    sixteen.back[0, 0] = Cell("x", style: style)
    #expect(sixteen.present() == "\u{1B}[H\u{1B}[0;1;91;44mx\u{1B}[0m")
  }

  @Test("the plain fallback drops colours but keeps bold and inverse")
  func plainFallback() {
    var buffer = presentedBuffer(colorSupport: .none)
    buffer.back[0, 0] = Cell("x", style: CellStyle(foreground: .red, background: .blue, isInverse: true))
    #expect(buffer.present() == "\u{1B}[H\u{1B}[0;7mx\u{1B}[0m")
    // A colour-only change is invisible without colours, so nothing but the cell is rewritten.
    buffer.back[0, 0] = Cell("x", style: CellStyle(foreground: .green, isInverse: true))
    #expect(buffer.present() == "\u{1B}[H\u{1B}[0;7mx\u{1B}[0m")
  }

  @Test("a resize clears the screen and redraws everything")
  func resizeRedraws() {
    var buffer = presentedBuffer()
    buffer.back.write("old", column: 0, row: 0, style: .plain)
    _ = buffer.present()
    buffer.resize(to: TerminalSize(columns: 4, rows: 2))
    buffer.back.write("new", column: 1, row: 1, style: .plain)
    #expect(buffer.present() == "\u{1B}[0m\u{1B}[2J\u{1B}[2;2Hnew")
    #expect(buffer.front.text == "\n new")
  }

  @Test("writes outside the grid are clipped, never trapped")
  func clipping() {
    var grid = CellGrid(size: TerminalSize(columns: 5, rows: 2))
    grid.write("abcdefgh", column: 3, row: 0, style: .plain)
    grid.write("zz", column: -1, row: 1, style: .plain)
    grid.write("no", column: 0, row: 7, style: .plain)
    grid.fill(CellRect(column: -3, row: -3, width: 4, height: 4), with: Cell("#"))
    grid[99, 99] = Cell("!")
    #expect(grid.text == "#  ab\nz")
  }

  @Test("colour support follows NO_COLOR, COLORTERM and TERM")
  func colourDetection() {
    #expect(ColorSupport.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
    #expect(ColorSupport.detect(environment: ["TERM": "dumb"]) == .none)
    #expect(ColorSupport.detect(environment: [:]) == .none)
    #expect(ColorSupport.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
    #expect(ColorSupport.detect(environment: ["TERM": "screen-256color"]) == .ansi256)
    #expect(ColorSupport.detect(environment: ["TERM": "xterm"]) == .ansi16)
    // COLORTERM: both spellings, any case, on any TERM but dumb; NO_COLOR (if not empty) wins.
    #expect(ColorSupport.detect(environment: ["TERM": "xterm", "COLORTERM": "24bit"]) == .trueColor)
    #expect(ColorSupport.detect(environment: ["TERM": "screen", "COLORTERM": "TrueColor"]) == .trueColor)
    #expect(ColorSupport.detect(environment: ["TERM": "xterm", "COLORTERM": "truecolor", "NO_COLOR": "1"]) == .none)
    #expect(ColorSupport.detect(environment: ["TERM": "xterm", "COLORTERM": "truecolor", "NO_COLOR": ""]) == .trueColor)
    #expect(ColorSupport.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "yes"]) == .ansi256)
  }
}
