/// A cell of the terminal, where the terminal's own text cursor is put.
public struct TerminalCursorPosition: Hashable, Sendable, CustomStringConvertible {
  /// The column, from 0.
  public var column: Int
  /// The row, from 0.
  public var row: Int

  /// The cell at `column` and `row`.
  public init(column: Int, row: Int) {
    self.column = column
    self.row = row
  }

  /// The sequence that moves the cursor here (rows and columns count from 1 on the wire).
  var moveSequence: String { "\u{1B}[\(row + 1);\(column + 1)H" }

  public var description: String { "(\(column), \(row))" }
}
