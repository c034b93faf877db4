/// A rectangle of cells: one frame of the screen.
///
/// Writes outside the grid are clipped, never trapped, so elements may draw partly off-screen.
public struct CellGrid: Hashable, Sendable {
  /// The grid size in cells.
  public let size: TerminalSize
  private var cells: [Cell]

  /// A grid of `size` filled with `fill`.
  public init(size: TerminalSize, fill: Cell = .blank) {
    self.size = size
    cells = Array(repeating: fill, count: size.columns * size.rows)
  }

  /// The cell at (`column`, `row`); reading outside the grid gives ``Cell/blank`` and writing
  /// there does nothing.
  ///
  /// Writing keeps wide characters whole: a wide character also takes the cell to its right
  /// (or becomes a space in the last column), and overwriting half of one turns its other half
  /// into a space.
  public subscript(column: Int, row: Int) -> Cell {
    get {
      guard let index = index(column: column, row: row) else { return .blank }
      return cells[index]
    }
    set {
      guard index(column: column, row: row) != nil else { return }
      put(newValue, width: newValue.width, column: column, row: row)
    }
  }

  /// The whole grid as a rectangle.
  public var bounds: CellRect { CellRect(column: 0, row: 0, width: size.columns, height: size.rows) }

  /// Fills the part of `rect` inside both the grid and `clip` with `cell` (a wide character
  /// every other cell, with a space where only half would fit).
  public mutating func fill(_ rect: CellRect, with cell: Cell, clip: CellRect? = nil) {
    let area = rect.intersection(clip ?? bounds).intersection(bounds)
    guard !area.isEmpty else { return }
    let width = cell.width
    for row in area.row..<area.maxRow {
      if width == 2 {
        var column = area.column
        while column < area.maxColumn {
          put(column + 1 < area.maxColumn ? cell : Cell(" ", style: cell.style), width: column + 1 < area.maxColumn ? 2 : 1, column: column, row: row)
          column += 2
        }
        continue
      }
      let start = row * size.columns
      // Wide characters cut by the area's edges lose their outside half.
      if area.column > 0, cells[start + area.column].isWideContinuation {
        cells[start + area.column - 1] = Cell(" ", style: cells[start + area.column - 1].style)
      }
      if area.maxColumn < size.columns, cells[start + area.maxColumn].isWideContinuation {
        cells[start + area.maxColumn] = Cell(" ", style: cells[start + area.maxColumn].style)
      }
      for column in area.column..<area.maxColumn { cells[start + column] = cell }
    }
  }

  /// Writes `text` from (`column`, `row`) rightwards, clipped to the grid and to `clip`.
  ///
  /// Each character takes its width in cells (``CharacterWidth``): wide ones two, zero-width
  /// ones none (they are skipped); a wide character that would be cut by the edge is drawn as a
  /// space. Control characters are drawn as spaces.
  ///
  /// - Parameter keepsBackground: when true and `style` has no background, each cell keeps the
  ///   background it had, so text drawn over a coloured view stays on that colour.
  public mutating func write(
    _ text: some StringProtocol, column: Int, row: Int, style: CellStyle, clip: CellRect? = nil,
    keepsBackground: Bool = false
  ) {
    let area = (clip ?? bounds).intersection(bounds)
    guard row >= area.row, row < area.maxRow else { return }
    var current = column
    for character in text {
      if current >= area.maxColumn { break }
      let isControl = character.isNewline || character.asciiValue.map({ $0 < 0x20 || $0 == 0x7F }) == true
      let printable: Character = isControl ? " " : character
      let width = isControl ? 1 : CharacterWidth.columns(of: printable)
      guard width > 0 else { continue }
      var cellStyle = style
      if keepsBackground, style.background == nil, current >= area.column {
        cellStyle.background = cells[row * size.columns + current].style.background
      }
      if current >= area.column {
        if current + width <= area.maxColumn {
          put(Cell(printable, style: cellStyle), width: width, column: current, row: row)
        } else {
          // Only half of a wide character would show: a space instead.
          put(Cell(" ", style: cellStyle), width: 1, column: current, row: row)
        }
      } else if current + width > area.column {
        // The right half of a wide character starting left of the area.
        if keepsBackground, style.background == nil {
          cellStyle.background = cells[row * size.columns + area.column].style.background
        }
        put(Cell(" ", style: cellStyle), width: 1, column: area.column, row: row)
      }
      current += width
    }
  }

  /// Stores `cell` (of `width` 1 or 2) at a cell inside the grid, keeping wide characters whole.
  private mutating func put(_ cell: Cell, width: Int, column: Int, row: Int) {
    let start = row * size.columns
    let index = start + column
    if cell.isWideContinuation {
      // Only meaningful right of a wide character; anywhere else it is a blank.
      guard column > 0, cells[index - 1].width == 2 else {
        put(Cell(" ", style: cell.style), width: 1, column: column, row: row)
        return
      }
      cells[index] = cell
      return
    }
    if cells[index].isWideContinuation, column > 0 {
      cells[index - 1] = Cell(" ", style: cells[index - 1].style)
    }
    let last = column + width - 1
    guard last < size.columns else {
      cells[index] = Cell(" ", style: cell.style)
      if column + 1 < size.columns, cells[index + 1].isWideContinuation {
        cells[index + 1] = Cell(" ", style: cells[index + 1].style)
      }
      return
    }
    if last + 1 < size.columns, cells[start + last + 1].isWideContinuation {
      cells[start + last + 1] = Cell(" ", style: cells[start + last + 1].style)
    }
    cells[index] = cell
    if width == 2 { cells[index + 1] = .wideContinuation(style: cell.style) }
  }

  /// The characters of one row, without styles (trailing spaces kept, each wide character once);
  /// for tests and debugging.
  public func text(ofRow row: Int) -> String {
    guard row >= 0, row < size.rows else { return "" }
    var line = ""
    for cell in cells[row * size.columns..<(row + 1) * size.columns] where !cell.isWideContinuation {
      line.append(cell.character)
    }
    return line
  }

  /// All rows as text, joined by newlines, trailing spaces trimmed; for tests and debugging.
  public var text: String {
    (0..<size.rows).map { row in
      var line = text(ofRow: row)
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }

  private func index(column: Int, row: Int) -> Int? {
    guard column >= 0, column < size.columns, row >= 0, row < size.rows else { return nil }
    return row * size.columns + column
  }
}
