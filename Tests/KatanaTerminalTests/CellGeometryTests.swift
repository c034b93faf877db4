import Testing

@testable import KatanaTerminal

@Suite("Frame to cell mapping")
struct CellGeometryTests {
  @Test("one point is one column and two points are one row")
  func standardAspect() {
    let geometry = CellGeometry.standard
    #expect(geometry.cellRect(x: 10, y: 4, width: 20, height: 6) == CellRect(column: 10, row: 2, width: 20, height: 3))
  }

  @Test("an 80x30 terminal is laid out as an 80x60-point screen")
  func pointSize() {
    let size = CellGeometry.standard.pointSize(of: TerminalSize(columns: 80, rows: 30))
    #expect(size.width == 80)
    #expect(size.height == 60)
  }

  @Test("edges are rounded, so adjacent frames tile without gaps or overlaps")
  func adjacentFramesTile() {
    let geometry = CellGeometry.standard
    // Three equal thirds of 80 points.
    let third = 80.0 / 3
    let rects = (0..<3).map { geometry.cellRect(x: Double($0) * third, y: 0, width: third, height: 2) }
    #expect(rects.map(\.column) == [0, 27, 53])
    #expect(rects[0].maxColumn == rects[1].column)
    #expect(rects[1].maxColumn == rects[2].column)
    #expect(rects[2].maxColumn == 80)
  }

  @Test("a frame of one point in height still rounds by its edges")
  func halfRowFrames() {
    let geometry = CellGeometry.standard
    #expect(geometry.cellRect(x: 0, y: 1, width: 5, height: 2).row == 1)  // y 0.5 rounds away from zero
    #expect(geometry.cellRect(x: 0, y: 0, width: 5, height: 0.9).height == 0)
  }

  @Test("negative and non-finite sizes become empty rectangles, not traps")
  func badInput() {
    let geometry = CellGeometry.standard
    #expect(geometry.cellRect(x: 3, y: 3, width: -10, height: -4).isEmpty)
    #expect(geometry.cellRect(x: .nan, y: .infinity, width: 4, height: 4).column == 0)
    #expect(CellGeometry(pointsPerColumn: 0, pointsPerRow: -1) == CellGeometry(pointsPerColumn: 1, pointsPerRow: 1))
  }

  @Test("a cell's centre point lies inside the frame that covers the cell")
  func hitTestPoint() {
    let geometry = CellGeometry.standard
    let center = geometry.pointAtCenter(column: 4, row: 3)
    #expect(center.x == 4.5)
    #expect(center.y == 7)
  }

  @Test("cell rectangles intersect and contain cells as expected")
  func cellRectOperations() {
    let rect = CellRect(column: 2, row: 2, width: 4, height: 3)
    #expect(rect.contains(column: 5, row: 4))
    #expect(!rect.contains(column: 6, row: 4))
    #expect(rect.intersection(CellRect(column: 4, row: 0, width: 10, height: 3)) == CellRect(column: 4, row: 2, width: 2, height: 1))
    #expect(rect.intersection(CellRect(column: 20, row: 20, width: 1, height: 1)).isEmpty)
  }
}
