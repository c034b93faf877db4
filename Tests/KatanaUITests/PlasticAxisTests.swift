import Testing

@testable import KatanaUI

@Suite("PlasticAxis: one set of rules for both axes")
struct PlasticAxisTests {
  typealias Line = PlasticAxis.Line

  static let lines: [Line] = [.leading, .trailing, .center, .length]

  /// Assigns `line` = `value` through the view's X or Y setters.
  static func set(_ line: Line, _ value: Double, on view: PlasticView, x: Bool) {
    switch (line, x) {
    case (.leading, true): view.setLeft(value)
    case (.trailing, true): view.setRight(value)
    case (.center, true): view.setCenterX(value)
    case (.length, true): view.setWidth(value)
    case (.leading, false): view.setTop(value)
    case (.trailing, false): view.setBottom(value)
    case (.center, false): view.setCenterY(value)
    case (.length, false): view.setHeight(value)
    }
  }

  static func transposed(_ rect: Rect) -> Rect {
    Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
  }

  @Test("any two assignments on X give the transposed frame of the same two on Y", arguments: lines, lines)
  func xMirrorsY(first: Line, second: Line) {
    for (a, b) in [(100.0, 150.0), (150, 100), (60, 5), (-10, 30)] {
      let onY = PlasticView(key: "y", frame: Rect(x: 10, y: 20, width: 30, height: 40), scaleValue: 1)
      let onX = PlasticView(key: "x", frame: Rect(x: 20, y: 10, width: 40, height: 30), scaleValue: 1)
      Self.set(first, a, on: onY, x: false)
      Self.set(second, b, on: onY, x: false)
      Self.set(first, a, on: onX, x: true)
      Self.set(second, b, on: onX, x: true)
      #expect(onX.frame == Self.transposed(onY.frame), "\(first) = \(a), then \(second) = \(b)")
    }
  }

  @Test("an edge assigned past the opposite edge lands where assigned, with length 0")
  func edgePastOppositeEdge() {
    var axis = PlasticAxis(start: 0, length: 10)
    axis.assign(.trailing, 100, keeping: nil)
    #expect(axis == PlasticAxis(start: 90, length: 10))
    axis.assign(.leading, 150, keeping: .trailing)
    #expect(axis == PlasticAxis(start: 150, length: 0))
  }

  @Test("a length keeps the latest edge or center", arguments: [
    (Line?.none, PlasticAxis(start: 10, length: 50)),
    (.leading, PlasticAxis(start: 10, length: 50)),
    (.trailing, PlasticAxis(start: -10, length: 50)),
    (.center, PlasticAxis(start: 0, length: 50)),
  ])
  func lengthKeepsLatestLine(latest: Line?, expected: PlasticAxis) {
    var axis = PlasticAxis(start: 10, length: 30)
    axis.assign(.length, 50, keeping: latest)
    #expect(axis == expected)
  }
}
