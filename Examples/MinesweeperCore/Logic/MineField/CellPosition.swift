/// The position of a cell on the mine field: column from the left, row from the top, both from 0.
public struct CellPosition: Hashable, Sendable, Codable, CustomStringConvertible {
  public var column: Int
  public var row: Int

  public init(column: Int, row: Int) {
    self.column = column
    self.row = row
  }

  public var description: String { "(\(column), \(row))" }
}
