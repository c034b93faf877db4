import Testing

@testable import KatanaUI

/// A 640×960 container (the seed's reference size) and a 30×40 view at (10, 20), both with the
/// multiplier `m`.
private func makeViews(_ m: Double) -> (container: PlasticView, view: PlasticView) {
  (
    PlasticView(key: "", frame: Rect(x: 0, y: 0, width: 640, height: 960), scaleValue: m),
    PlasticView(key: "v", frame: Rect(x: 10, y: 20, width: 30, height: 40), scaleValue: m)
  )
}

/// Multipliers of screens 320×480, 640×960 and 1280×1920 against a 640×960 reference.
private let multipliers: [Double] = [0.5, 1, 2]

@Suite("PlasticView setters and the previous-constraint rule")
struct PlasticViewTests {
  @Test("height without a previous Y constraint keeps the top", arguments: multipliers)
  func heightKeepsTop(m: Double) {
    let (_, v) = makeViews(m)
    v.height = .scalable(100)
    #expect(v.frame == Rect(x: 10, y: 20, width: 30, height: 100 * m))
  }

  @Test("height after bottom keeps the bottom", arguments: multipliers)
  func heightAfterBottom(m: Double) {
    let (c, v) = makeViews(m)
    v.bottom = c.top + .scalable(200)
    #expect(v.frame == Rect(x: 10, y: 200 * m - 40, width: 30, height: 40))
    v.height = .fixed(50)
    #expect(v.frame == Rect(x: 10, y: 200 * m - 50, width: 30, height: 50))
  }

  @Test("height after centerY keeps the center", arguments: multipliers)
  func heightAfterCenterY(m: Double) {
    let (c, v) = makeViews(m)
    v.centerY = c.top + .scalable(100)
    #expect(v.frame.minY == 100 * m - 20)
    v.height = .fixed(10)
    #expect(v.frame == Rect(x: 10, y: 100 * m - 5, width: 30, height: 10))
  }

  @Test("height after height keeps the top", arguments: multipliers)
  func heightAfterHeight(m: Double) {
    let (c, v) = makeViews(m)
    v.bottom = c.top + .fixed(200)
    v.height = .fixed(50)
    v.height = .scalable(20)
    #expect(v.frame == Rect(x: 10, y: 150, width: 30, height: 20 * m))
  }

  @Test("a negative height clamps to 0", arguments: multipliers)
  func negativeHeight(m: Double) {
    let (_, v) = makeViews(m)
    v.height = .scalable(-20)
    #expect(v.frame == Rect(x: 10, y: 20, width: 30, height: 0))
    v.width = .fixed(-1)
    #expect(v.frame == Rect(x: 10, y: 20, width: 0, height: 0))
  }

  @Test("top: moves without a previous constraint, resizes after bottom or centerY", arguments: multipliers)
  func topRules(m: Double) {
    let (c, v) = makeViews(m)
    v.top = c.top + .scalable(50)
    #expect(v.frame == Rect(x: 10, y: 50 * m, width: 30, height: 40), "moves, height kept")

    let (c2, v2) = makeViews(m)
    v2.bottom = c2.top + .fixed(200)
    v2.top = c2.top + .scalable(50)
    #expect(v2.frame == Rect(x: 10, y: 50 * m, width: 30, height: 200 - 50 * m), "bottom stays")

    let (c3, v3) = makeViews(m)
    v3.centerY = c3.top + .fixed(100)
    v3.top = c3.top + .fixed(70)
    #expect(v3.frame == Rect(x: 10, y: 70, width: 30, height: 60), "center stays: 2·(100 − 70)")
  }

  @Test("bottom: moves without a previous constraint, resizes after top or centerY", arguments: multipliers)
  func bottomRules(m: Double) {
    let (c, v) = makeViews(m)
    v.bottom = c.bottom - .scalable(10)
    #expect(v.frame == Rect(x: 10, y: 960 - 10 * m - 40, width: 30, height: 40))

    let (c2, v2) = makeViews(m)
    v2.top = c2.top + .fixed(50)
    v2.bottom = c2.top + .fixed(300)
    #expect(v2.frame == Rect(x: 10, y: 50, width: 30, height: 250))

    let (c3, v3) = makeViews(m)
    v3.centerY = c3.top + .fixed(100)
    v3.bottom = c3.top + .fixed(130)
    #expect(v3.frame == Rect(x: 10, y: 70, width: 30, height: 60))
  }

  @Test("centerY: moves without a previous constraint, resizes after top or bottom", arguments: multipliers)
  func centerYRules(m: Double) {
    let (c, v) = makeViews(m)
    v.centerY = c.centerY
    #expect(v.frame == Rect(x: 10, y: 460, width: 30, height: 40))

    let (c2, v2) = makeViews(m)
    v2.top = c2.top + .fixed(50)
    v2.centerY = c2.top + .fixed(100)
    #expect(v2.frame == Rect(x: 10, y: 50, width: 30, height: 100))

    let (c3, v3) = makeViews(m)
    v3.bottom = c3.top + .fixed(200)
    v3.centerY = c3.top + .fixed(150)
    #expect(v3.frame == Rect(x: 10, y: 100, width: 30, height: 100))
  }

  /// Hand-computed goldens: an edge assigned past the opposite edge lands on its anchor with
  /// the size 0 (original rule: size = max(0, …), then the assigned line is placed).
  @Test(
    "an edge assigned past the opposite edge lands on its anchor with size 0",
    arguments: [
      // m, bottom then top, top then bottom, top then centerY, bottom then centerY
      (0.5, Rect(x: 10, y: 75, width: 30, height: 0), Rect(x: 10, y: 25, width: 30, height: 0),
       Rect(x: 10, y: 30, width: 30, height: 0), Rect(x: 10, y: 70, width: 30, height: 0)),
      (1.0, Rect(x: 10, y: 150, width: 30, height: 0), Rect(x: 10, y: 50, width: 30, height: 0),
       Rect(x: 10, y: 60, width: 30, height: 0), Rect(x: 10, y: 140, width: 30, height: 0)),
      (2.0, Rect(x: 10, y: 300, width: 30, height: 0), Rect(x: 10, y: 100, width: 30, height: 0),
       Rect(x: 10, y: 120, width: 30, height: 0), Rect(x: 10, y: 280, width: 30, height: 0)),
    ])
  func crossingEdgesY(m: Double, topPastBottom: Rect, bottomAboveTop: Rect, centerAboveTop: Rect, centerBelowBottom: Rect) {
    let (c, v) = makeViews(m)
    v.bottom = c.top + .scalable(100)
    v.top = c.top + .scalable(150)
    #expect(v.frame == topPastBottom, "the issue's case: bottom = 100, top = 150 gives y = 150 at m = 1")
    v.height = .scalable(20)
    #expect(v.frame == Rect(x: 10, y: topPastBottom.minY, width: 30, height: 20 * m), "then height keeps the top")

    let (c2, v2) = makeViews(m)
    v2.top = c2.top + .scalable(100)
    v2.bottom = c2.top + .scalable(50)
    #expect(v2.frame == bottomAboveTop)

    let (c3, v3) = makeViews(m)
    v3.top = c3.top + .scalable(100)
    v3.centerY = c3.top + .scalable(60)
    #expect(v3.frame == centerAboveTop)

    let (c4, v4) = makeViews(m)
    v4.bottom = c4.top + .scalable(100)
    v4.centerY = c4.top + .scalable(140)
    #expect(v4.frame == centerBelowBottom)
  }

  @Test(
    "the X axis: an edge assigned past the opposite edge lands on its anchor with width 0",
    arguments: [
      // m, right then left, left then right, left then centerX
      (0.5, Rect(x: 75, y: 20, width: 0, height: 40), Rect(x: 20, y: 20, width: 0, height: 40),
       Rect(x: 30, y: 20, width: 0, height: 40)),
      (1.0, Rect(x: 150, y: 20, width: 0, height: 40), Rect(x: 40, y: 20, width: 0, height: 40),
       Rect(x: 60, y: 20, width: 0, height: 40)),
      (2.0, Rect(x: 300, y: 20, width: 0, height: 40), Rect(x: 80, y: 20, width: 0, height: 40),
       Rect(x: 120, y: 20, width: 0, height: 40)),
    ])
  func crossingEdgesX(m: Double, leftPastRight: Rect, rightBeforeLeft: Rect, centerBeforeLeft: Rect) {
    let (c, v) = makeViews(m)
    v.right = c.left + .scalable(100)
    v.left = c.left + .scalable(150)
    #expect(v.frame == leftPastRight)

    let (c2, v2) = makeViews(m)
    v2.left = c2.left + .scalable(100)
    v2.right = c2.left + .scalable(40)
    #expect(v2.frame == rightBeforeLeft)

    let (c3, v3) = makeViews(m)
    v3.left = c3.left + .scalable(100)
    v3.centerX = c3.left + .scalable(60)
    #expect(v3.frame == centerBeforeLeft)
  }

  @Test("the X axis mirrors the Y axis", arguments: multipliers)
  func xAxisRules(m: Double) {
    let (c, v) = makeViews(m)
    v.left = c.left + .scalable(50)
    #expect(v.frame == Rect(x: 50 * m, y: 20, width: 30, height: 40))
    v.right = c.right - .scalable(50)
    #expect(v.frame == Rect(x: 50 * m, y: 20, width: 640 - 100 * m, height: 40), "left stays")

    let (c2, v2) = makeViews(m)
    v2.right = c2.left + .fixed(200)
    #expect(v2.frame.minX == 170)
    v2.width = .scalable(50)
    #expect(v2.frame == Rect(x: 200 - 50 * m, y: 20, width: 50 * m, height: 40), "right stays")
    v2.left = c2.left + .fixed(20)
    #expect(v2.frame.minX == 20, "after width: moves")
    #expect(v2.frame.width == 50 * m)

    let (c3, v3) = makeViews(m)
    v3.centerX = c3.centerX
    #expect(v3.frame.minX == 305)
    v3.width = .fixed(100)
    #expect(v3.frame == Rect(x: 270, y: 20, width: 100, height: 40), "center stays")
    v3.left = c3.left + .fixed(300)
    #expect(v3.frame.minX == 300)
    #expect(v3.frame.width == 100, "after width: left moves")

    let (c4, v4) = makeViews(m)
    v4.centerX = c4.left + .fixed(100)
    v4.left = c4.left + .fixed(70)
    #expect(v4.frame == Rect(x: 70, y: 20, width: 60, height: 40))

    let (c5, v5) = makeViews(m)
    v5.right = c5.left + .fixed(200)
    v5.centerX = c5.left + .fixed(150)
    #expect(v5.frame == Rect(x: 100, y: 20, width: 100, height: 40))

    let (c6, v6) = makeViews(m)
    v6.left = c6.left + .fixed(50)
    v6.centerX = c6.left + .fixed(100)
    #expect(v6.frame == Rect(x: 50, y: 20, width: 100, height: 40))
  }

  @Test("the axes are tracked separately")
  func axesSeparate() {
    let (c, v) = makeViews(1)
    v.bottom = c.top + .fixed(200)
    v.left = c.left + .fixed(5)
    v.height = .fixed(10)
    #expect(v.frame == Rect(x: 5, y: 190, width: 30, height: 10), "the X setter does not reset Y's bottom")
  }

  @Test("size sets the height then the width; getters return fixed values", arguments: multipliers)
  func sizeSetter(m: Double) {
    let (c, v) = makeViews(m)
    v.bottom = c.top + .fixed(100)
    v.size = .scalable(20, 30)
    #expect(v.frame == Rect(x: 10, y: 100 - 30 * m, width: 20 * m, height: 30 * m))
    #expect(v.size == .fixed(20 * m, 30 * m))
    #expect(v.width == .fixed(20 * m))
    #expect(v.height == .fixed(30 * m))
    let other = PlasticView(key: "o", frame: .zero, scaleValue: m)
    other.width = v.width
    #expect(other.frame.width == 20 * m, "copying a width is exact at any multiplier")
  }
}
