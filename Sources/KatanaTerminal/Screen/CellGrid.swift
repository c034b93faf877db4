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
  public subscript(column: Int, row: Int) -> Cell {
    get {
      guard let index = index(column: column, row: row) else { return .blank }
      return cells[index]
    }
    set {
      guard let index = index(column: column, row: row) else { return }
      cells[index] = newValue
    }
  }

  /// The whole grid as a rectangle.
  public var bounds: CellRect { CellRect(column: 0, row: 0, width: size.columns, height: size.rows) }

  /// Fills the part of `rect` inside both the grid and `clip` with `cell`.
  public mutating func fill(_ rect: CellRect, with cell: Cell, clip: CellRect? = nil) {
    let area = rect.intersection(clip ?? bounds).intersection(bounds)
    guard !area.isEmpty else { return }
    for row in area.row..<area.maxRow {
      for column in area.column..<area.maxColumn {
        cells[row * size.columns + column] = cell
      }
    }
  }

  /// Writes `text` from (`column`, `row`) rightwards, one character per cell, clipped to the grid
  /// and to `clip`. Control characters are drawn as spaces.
  ///
  /// - Parameters:
  ///   - text: the characters to draw.
  ///   - column: the column of the first character.
  ///   - row: the row to draw on.
  ///   - style: the colours and attributes of every drawn cell.
  ///   - clip: the area drawing is limited to; the whole grid when `nil`.
  ///   - keepsBackground: when true and `style` has no background, each cell keeps the
  ///     background it had, so text drawn over a coloured view stays on that colour.
  public mutating func write(
    _ text: some StringProtocol, column: Int, row: Int, style: CellStyle, clip: CellRect? = nil,
    keepsBackground: Bool = false
  ) {
    let area = (clip ?? bounds).intersection(bounds)
    guard row >= area.row, row < area.maxRow else { return }
    var current = column
    for character in text {
      if current >= area.maxColumn { break }
      if current >= area.column {
        let printable: Character = character.isNewline || character.asciiValue.map({ $0 < 0x20 || $0 == 0x7F }) == true
          ? " " : character
        var cellStyle = style
        if keepsBackground, style.background == nil {
          cellStyle.background = cells[row * size.columns + current].style.background
        }
        cells[row * size.columns + current] = Cell(printable, style: cellStyle)
      }
      current += 1
    }
  }

  /// The characters of one row, without styles (trailing spaces kept); for tests and debugging.
  public func text(ofRow row: Int) -> String {
    guard row >= 0, row < size.rows else { return "" }
    return String(cells[row * size.columns..<(row + 1) * size.columns].map(\.character))
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
