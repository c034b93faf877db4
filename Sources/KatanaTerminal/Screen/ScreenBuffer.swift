/// The screen's double buffer: what the terminal shows (``front``) and the next frame (``back``).
///
/// Draw the next frame into ``back`` and call ``present()``: it returns the bytes that turn the
/// terminal's content into the new frame, writing **only the cells that changed**, moving the
/// cursor the shortest way and changing colours only when the style changes.
///
/// ```swift
/// var screen = ScreenBuffer(size: TerminalSize(columns: 80, rows: 24), colorSupport: .ansi256)
/// screen.back.write("Count: 1", column: 0, row: 0, style: .plain)
/// terminal.write(screen.present())   // first frame: clear + the text
/// screen.back.write("2", column: 7, row: 0, style: .plain)
/// terminal.write(screen.present())   // "\e[1;8H2": one cell
/// ```
///
/// Not thread-safe: a value type owned by the event loop.
public struct ScreenBuffer: Sendable {
  /// What the terminal shows now, as far as this buffer knows.
  public private(set) var front: CellGrid
  /// The next frame. ``present()`` keeps it (it becomes ``front`` too), so a frame may be drawn
  /// incrementally on top of the previous one.
  public var back: CellGrid
  /// Colours are downgraded to this when written.
  public var colorSupport: ColorSupport
  /// When true, the next ``present()`` clears the terminal and redraws everything.
  private var needsFullRedraw = true

  /// A buffer for a screen of `size`; the first ``present()`` clears the screen.
  public init(size: TerminalSize, colorSupport: ColorSupport) {
    front = CellGrid(size: size)
    back = CellGrid(size: size)
    self.colorSupport = colorSupport
  }

  /// The screen size in cells.
  public var size: TerminalSize { back.size }

  /// Changes the size (after SIGWINCH): the back buffer is cleared and the next ``present()``
  /// redraws the whole screen, since the terminal may have reflowed or dropped content.
  public mutating func resize(to size: TerminalSize) {
    front = CellGrid(size: size)
    back = CellGrid(size: size)
    needsFullRedraw = true
  }

  /// Forgets what the terminal shows, so the next ``present()`` redraws everything.
  public mutating func invalidate() {
    needsFullRedraw = true
  }

  /// The bytes that update the terminal to ``back``; ``front`` becomes ``back``.
  ///
  /// Returns an empty string when nothing changed.
  public mutating func present() -> String {
    var output = ""
    if needsFullRedraw {
      // Reset the pen first so the cleared screen has the default background.
      output = "\u{1B}[0m\u{1B}[2J"
      front = CellGrid(size: back.size)
      needsFullRedraw = false
    }
    // Every output of this buffer starts (full redraw) or ends (diff) with the default style, so
    // the terminal's pen is known to be reset here.
    output += Self.difference(from: front, to: back, colorSupport: colorSupport, penIsReset: true)
    front = back
    return output
  }

  /// The escape sequences and text that turn a terminal showing `old` into `new`.
  ///
  /// - Parameter penIsReset: whether the terminal's current style is known to be the default.
  static func difference(from old: CellGrid, to new: CellGrid, colorSupport: ColorSupport, penIsReset: Bool) -> String {
    precondition(old.size == new.size, "the grids of a diff have the same size")
    var output = ""
    // Where the cursor is, or nil when unknown (at start, and after writing the last column,
    // where terminals keep a pending wrap).
    var cursor: (column: Int, row: Int)?
    var pen: CellStyle? = penIsReset ? CellStyle.plain : nil
    let size = new.size
    for row in 0..<size.rows {
      var column = 0
      while column < size.columns {
        var target = column
        var cell = new[column, row]
        guard cell != old[column, row] else {
          column += 1
          continue
        }
        if cell.isWideContinuation {
          // Its wide character did not change, but what covered this half did: draw it again.
          guard column > 0 else {
            column += 1
            continue
          }
          target = column - 1
          cell = new[target, row]
        }
        let style = cell.style.effective(for: colorSupport)
        output += cursorMove(from: cursor, to: (target, row), grid: new, pen: pen, colorSupport: colorSupport)
        if pen != style {
          output += cell.style.selectGraphicRendition(colorSupport: colorSupport)
          pen = style
        }
        output.append(cell.character)
        let width = cell.width
        cursor = target + width < size.columns ? (target + width, row) : nil
        column = max(column + 1, target + width)
      }
    }
    if pen != nil, pen != .plain {
      // Leave the terminal in its default style, so a later clear or exit is clean.
      output += "\u{1B}[0m"
    }
    return output
  }

  /// The shortest way to bring the cursor from `from` to `to`.
  ///
  /// Candidates: nothing (already there), an absolute move (`CUP`), a relative move on the same
  /// row (`CUF`/`CUB`), a carriage return, and, on the same row, rewriting the skipped cells
  /// when they are in the pen's current style (they are unchanged, so rewriting them is invisible).
  private static func cursorMove(
    from: (column: Int, row: Int)?,
    to: (column: Int, row: Int),
    grid: CellGrid,
    pen: CellStyle?,
    colorSupport: ColorSupport
  ) -> String {
    if let from, from == to { return "" }
    var best = absoluteMove(to)
    if let from, from.row == to.row {
      let distance = to.column - from.column
      let relative = distance > 0
        ? (distance == 1 ? "\u{1B}[C" : "\u{1B}[\(distance)C")
        : (distance == -1 ? "\u{1B}[D" : "\u{1B}[\(-distance)D")
      if relative.utf8.count < best.utf8.count { best = relative }
      if to.column == 0, 1 < best.utf8.count { best = "\r" }
      if distance > 0, distance < best.utf8.count, let pen {
        // Rewriting is only worth it for short gaps; `distance` bytes at least.
        var skipped = ""
        for column in from.column..<to.column {
          let cell = grid[column, to.row]
          // Wide characters and their halves would move the cursor by the wrong amount.
          guard cell.style.effective(for: colorSupport) == pen, !cell.isWideContinuation, cell.width == 1 else {
            return best
          }
          skipped.append(cell.character)
        }
        if skipped.utf8.count < best.utf8.count { best = skipped }
      }
    }
    if let from, from.row + 1 == to.row, to.column == 0, 2 < best.utf8.count {
      best = "\r\n"
    }
    return best
  }

  private static func absoluteMove(_ to: (column: Int, row: Int)) -> String {
    switch (to.row, to.column) {
    case (0, 0): "\u{1B}[H"
    case (_, 0): "\u{1B}[\(to.row + 1)H"
    default: "\u{1B}[\(to.row + 1);\(to.column + 1)H"
    }
  }
}
