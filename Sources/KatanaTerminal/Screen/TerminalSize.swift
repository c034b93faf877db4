/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  /// A size; negative values are clamped to 0.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  public var description: String { "\(columns)x\(rows)" }
}
