/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// Width in cells.
  public var columns: Int
  /// Height in cells.
  public var rows: Int

  /// A size; negative values are clamped to 0.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  /// `columns`x`rows`, e.g. `80x24`.
  public var description: String { "\(columns)x\(rows)" }
}
