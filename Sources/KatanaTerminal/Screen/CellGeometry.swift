/// Maps Plastic's points to terminal cells.
///
/// A terminal cell is about twice as tall as it is wide, so by default **one point is one column
/// and two points are one row**: a Plastic square (say 20×20 points) becomes 20 columns by 10
/// rows, which looks square on screen. An 80×30 terminal is therefore laid out as an 80×60-point
/// screen.
///
/// Rounding works on edges, not sizes: each edge is rounded to the nearest cell boundary (halves
/// away from zero), so frames that touch in points touch in cells, with neither gaps nor overlaps.
public struct CellGeometry: Hashable, Sendable {
  /// How many points make one column; 1 by default.
  public var pointsPerColumn: Double
  /// How many points make one row; 2 by default.
  public var pointsPerRow: Double

  /// The default aspect correction: 1 point per column, 2 points per row.
  public static let standard = CellGeometry(pointsPerColumn: 1, pointsPerRow: 2)

  /// One cell of a typical 8×16-pixel terminal font: 8 points per column, 16 per row.
  ///
  /// Use it for layouts written in CSS-pixel-like points, so the same description has the same
  /// proportions in a terminal and in a browser (where one point is one CSS pixel).
  public static let fontCell = CellGeometry(pointsPerColumn: 8, pointsPerRow: 16)

  /// A geometry with the given scale; values that are not positive and finite fall back to 1.
  public init(pointsPerColumn: Double, pointsPerRow: Double) {
    self.pointsPerColumn = pointsPerColumn > 0 && pointsPerColumn.isFinite ? pointsPerColumn : 1
    self.pointsPerRow = pointsPerRow > 0 && pointsPerRow.isFinite ? pointsPerRow : 1
  }

  /// The cells covered by a frame given in points (absolute, from the screen's top-left corner).
  ///
  /// Negative sizes are treated as 0; non-finite values as 0.
  public func cellRect(x: Double, y: Double, width: Double, height: Double) -> CellRect {
    let left = Self.cellBoundary(x, scale: pointsPerColumn)
    let right = Self.cellBoundary(x + max(0, width), scale: pointsPerColumn)
    let top = Self.cellBoundary(y, scale: pointsPerRow)
    let bottom = Self.cellBoundary(y + max(0, height), scale: pointsPerRow)
    return CellRect(column: left, row: top, width: right - left, height: bottom - top)
  }

  /// The screen size in points that Plastic lays out for a terminal of `size` cells.
  public func pointSize(of size: TerminalSize) -> (width: Double, height: Double) {
    (Double(size.columns) * pointsPerColumn, Double(size.rows) * pointsPerRow)
  }

  /// The point at the centre of a cell, for hit testing against frames in points.
  public func pointAtCenter(column: Int, row: Int) -> (x: Double, y: Double) {
    ((Double(column) + 0.5) * pointsPerColumn, (Double(row) + 0.5) * pointsPerRow)
  }

  private static func cellBoundary(_ points: Double, scale: Double) -> Int {
    guard points.isFinite else { return 0 }
    let cells = (points / scale).rounded(.toNearestOrAwayFromZero)
    // Clamp far outside any real terminal, so huge frames cannot trap on conversion.
    return Int(min(max(cells, -1_000_000), 1_000_000))
  }
}
