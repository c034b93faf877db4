/// A rectangle of whole cells: the column and row of its top-left cell, and its size in cells.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
  /// The column of the left edge, from 0.
  public var column: Int
  /// The row of the top edge, from 0.
  public var row: Int
  /// Width in cells, never negative.
  public var width: Int
  /// Height in cells, never negative.
  public var height: Int

  /// A rectangle; negative sizes are clamped to 0.
  public init(column: Int, row: Int, width: Int, height: Int) {
    self.column = column
    self.row = row
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The first column past the right edge.
  public var maxColumn: Int { column + width }
  /// The first row past the bottom edge.
  public var maxRow: Int { row + height }
  /// Whether it covers no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// Whether the cell at (`column`, `row`) lies inside.
  public func contains(column: Int, row: Int) -> Bool {
    column >= self.column && column < maxColumn && row >= self.row && row < maxRow
  }

  /// The cells both rectangles cover (empty, at this origin, when they do not overlap).
  public func intersection(_ other: CellRect) -> CellRect {
    let left = max(column, other.column)
    let top = max(row, other.row)
    let right = min(maxColumn, other.maxColumn)
    let bottom = min(maxRow, other.maxRow)
    guard right > left, bottom > top else { return CellRect(column: left, row: top, width: 0, height: 0) }
    return CellRect(column: left, row: top, width: right - left, height: bottom - top)
  }

  /// The same rectangle moved by whole cells.
  public func offsetBy(columns: Int, rows: Int) -> CellRect {
    CellRect(column: column + columns, row: row + rows, width: width, height: height)
  }

  /// `(column,row widthxheight)`.
  public var description: String { "(\(column),\(row) \(width)x\(height))" }
}
