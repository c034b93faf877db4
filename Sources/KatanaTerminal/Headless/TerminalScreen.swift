/// What a terminal shows at one moment: its cells, and where the focused control is.
///
/// A plain value, taken from a ``HeadlessTerminal`` with ``HeadlessTerminal/screen``, so tests
/// can compare it and snapshot libraries can turn it into text (``text``, ``styledText``).
public struct TerminalScreen: Hashable, Sendable {
  /// Every cell, with its character and style.
  public var grid: CellGrid
  /// The cells of the control that has keyboard focus, if any.
  public var focus: CellRect?
  /// Where the terminal's own cursor is (on the focused control, for screen readers), if shown.
  public var cursor: TerminalCursorPosition?

  /// A screen of `grid` with the focus on `focus` and the terminal's cursor at `cursor`.
  public init(grid: CellGrid, focus: CellRect? = nil, cursor: TerminalCursorPosition? = nil) {
    self.grid = grid
    self.focus = focus
    self.cursor = cursor
  }

  /// The characters, one line per row, trailing spaces trimmed (empty rows are kept, so the
  /// text always has as many lines as the screen has rows).
  public var text: String { grid.text }

  /// ``text`` followed by a style layer: after a `--- styles ---` line, one line per run of
  /// cells drawn in the same non-default style (`row 3, columns 0-9: bold inverse fg red`), the
  /// focus (`focus: row 5, columns 2-11`) and the terminal's cursor (`cursor: row 5, column 2`).
  /// Readable in a diff: a changed colour shows as one changed line.
  public var styledText: String {
    var lines = [text, "--- styles ---"]
    for row in 0..<grid.size.rows {
      var runStart = 0
      var runStyle = grid[0, row].style
      for column in 1...grid.size.columns {
        let style = column < grid.size.columns ? grid[column, row].style : nil
        guard style != runStyle else { continue }
        if runStyle != .plain {
          lines.append("row \(row), columns \(runStart)-\(column - 1): \(Self.describe(runStyle))")
        }
        runStart = column
        if let style { runStyle = style }
      }
    }
    if let focus {
      lines.append(
        "focus: row \(focus.row)\(focus.height > 1 ? "-\(focus.row + focus.height - 1)" : ""), "
          + "columns \(focus.column)-\(focus.column + focus.width - 1)")
    }
    if let cursor { lines.append("cursor: row \(cursor.row), column \(cursor.column)") }
    return lines.joined(separator: "\n")
  }

  private static func describe(_ style: CellStyle) -> String {
    var parts: [String] = []
    if style.isBold { parts.append("bold") }
    if style.isUnderlined { parts.append("underlined") }
    if style.isInverse { parts.append("inverse") }
    if let foreground = style.foreground { parts.append("fg \(foreground)") }
    if let background = style.background { parts.append("bg \(background)") }
    return parts.joined(separator: " ")
  }
}
