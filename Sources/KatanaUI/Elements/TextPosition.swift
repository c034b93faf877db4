/// A place in a ``TextDocument``: a line and a column, both from 0. The column counts
/// characters (grapheme clusters, Swift's `Character`), not bytes or display cells.
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The line, from 0.
  public var line: Int
  /// The column, in characters from the line's start.
  public var column: Int

  /// A position at `line`, `column`.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Earlier lines first, then earlier columns.
  public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `line:column`, for logs and test failures.
  public var description: String { "\(line):\(column)" }
}
