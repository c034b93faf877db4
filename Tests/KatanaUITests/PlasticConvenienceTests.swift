import Testing

@testable import KatanaUI

private func container(_ m: Double) -> PlasticView {
  PlasticView(key: "", frame: Rect(x: 0, y: 0, width: 640, height: 960), scaleValue: m)
}

private func view(_ key: String, _ m: Double, width: Double = 30, height: Double = 40) -> PlasticView {
  PlasticView(key: key, frame: Rect(x: 10, y: 20, width: width, height: height), scaleValue: m)
}

private let multipliers: [Double] = [0.5, 1, 2]

@Suite("Plastic convenience layouts")
struct PlasticConvenienceTests {
  @Test("fill covers the view inset by scaled insets", arguments: multipliers)
  func fill(m: Double) {
    let c = container(m)
    let v = view("v", m)
    v.fill(c, insets: .scalable(10, 20, 30, 40))
    #expect(v.frame == Rect(x: 20 * m, y: 10 * m, width: 640 - 60 * m, height: 960 - 40 * m))
  }

  @Test("fill between four anchors", arguments: multipliers)
  func fillAnchors(m: Double) {
    let c = container(m)
    let a = view("a", m)
    a.asHeader(c)
    let v = view("v", m)
    v.fill(top: a.bottom, left: c.left, bottom: c.bottom, right: c.centerX, insets: .fixed(1, 2, 3, 4))
    #expect(v.frame == Rect(x: 2, y: 41, width: 314, height: 916))
  }

  @Test("fillHorizontally and fillVertically touch one axis", arguments: multipliers)
  func fillAxes(m: Double) {
    let c = container(m)
    let h = view("h", m)
    h.fillHorizontally(c, insets: .scalable(99, 20, 99, 40))
    #expect(h.frame == Rect(x: 20 * m, y: 20, width: 640 - 60 * m, height: 40))
    let v = view("v", m)
    v.fillVertically(c, insets: .scalable(10, 99, 30, 99))
    #expect(v.frame == Rect(x: 10, y: 10 * m, width: 30, height: 960 - 40 * m))
  }

  @Test("fit keeps the aspect ratio and centers the short side")
  func fit() {
    let c = container(1)
    let square = view("s", 1)
    square.fit(c)
    #expect(square.frame == Rect(x: 0, y: 160, width: 640, height: 640))
    let wide = view("w", 1)
    wide.fit(c, aspectRatio: 2)
    #expect(wide.frame == Rect(x: 0, y: 320, width: 640, height: 320))
    let tall = view("t", 1)
    tall.fit(c, aspectRatio: 0.5)
    #expect(tall.frame == Rect(x: 80, y: 0, width: 480, height: 960))
    let inset = view("i", 2)
    inset.fit(container(2), insets: .scalable(10, 10, 10, 10))
    #expect(inset.frame == Rect(x: 20, y: 180, width: 600, height: 600))
  }

  @Test("center and centerBetween keep the size", arguments: multipliers)
  func centering(m: Double) {
    let c = container(m)
    let v = view("v", m)
    v.center(c)
    #expect(v.frame == Rect(x: 305, y: 460, width: 30, height: 40))
    let h = view("h", m)
    h.centerBetween(left: c.left + .scalable(100), right: c.right)
    #expect(h.frame == Rect(x: (100 * m + 640) / 2 - 15, y: 20, width: 30, height: 40))
    let w = view("w", m)
    w.centerBetween(top: c.top, bottom: c.centerY)
    #expect(w.frame == Rect(x: 10, y: 220, width: 30, height: 40))
  }

  @Test("coverLeft, coverRight, asHeader and asFooter", arguments: multipliers)
  func covers(m: Double) {
    let c = container(m)
    let insets = EdgeInsets.scalable(1, 2, 3, 4)
    let left = view("l", m)
    left.coverLeft(c, insets: insets)
    #expect(left.frame == Rect(x: 2 * m, y: m, width: 30, height: 960 - 4 * m))
    let right = view("r", m)
    right.coverRight(c, insets: insets)
    #expect(right.frame == Rect(x: 640 - 4 * m - 30, y: m, width: 30, height: 960 - 4 * m))
    let header = view("h", m)
    header.asHeader(c, insets: insets)
    #expect(header.frame == Rect(x: 2 * m, y: m, width: 640 - 6 * m, height: 40))
    let footer = view("f", m)
    footer.asFooter(c, insets: insets)
    #expect(footer.frame == Rect(x: 2 * m, y: 960 - 3 * m - 40, width: 640 - 6 * m, height: 40))
  }
}

@Suite("Plastic array layouts")
struct PlasticArrayTests {
  @Test("fill(top:bottom:) splits the height equally after insets and n−1 spacings", arguments: multipliers)
  func fillVertical(m: Double) throws {
    let c = container(m)
    let views = [view("a", m), view("b", m), view("c", m)]
    try views.fill(
      top: c.top, bottom: c.bottom, insets: .scalable(5, 0, 5, 0), spacings: [.scalable(10), .scalable(20)])
    let part = (960 - 40 * m) / 3
    #expect(views[0].frame == Rect(x: 10, y: 5 * m, width: 30, height: part))
    #expect(views[1].frame == Rect(x: 10, y: 5 * m + part + 10 * m, width: 30, height: part))
    #expect(views[2].frame.minY == views[1].frame.maxY + 20 * m)
    #expect(abs(views[2].frame.maxY - (960 - 5 * m)) < 1e-9)
  }

  @Test("fill(left:right:) splits the width by weights")
  func fillWeighted() throws {
    let c = container(1)
    let views = [view("a", 1), view("b", 1), view("c", 1)]
    try views.fill(left: c.left, right: c.right, spacings: [.fixed(20), .fixed(20)], widths: [1, 2, 1])
    #expect(views.map(\.frame.minX) == [0, 170, 490])
    #expect(views.map(\.frame.width) == [150, 300, 150])
    #expect(views.map(\.frame.minY) == [20, 20, 20], "the other axis is untouched")
  }

  @Test("centerBetween keeps sizes and centers the group with its spacings", arguments: multipliers)
  func centerGroup(m: Double) throws {
    let c = container(m)
    let views = [view("a", m, width: 100), view("b", m, width: 50)]
    try views.centerBetween(left: c.left, right: c.right, spacings: [.scalable(10)])
    let total = 150 + 10 * m
    #expect(views[0].frame == Rect(x: 320 - total / 2, y: 20, width: 100, height: 40))
    #expect(views[1].frame == Rect(x: 320 - total / 2 + 100 + 10 * m, y: 20, width: 50, height: 40))

    let column = [view("c", m, height: 100), view("d", m, height: 60)]
    column.centerBetween(top: c.top, bottom: c.bottom)
    #expect(column[0].frame.minY == 480 - 80)
    #expect(column[1].frame.minY == 500)
  }

  @Test("a wrong spacing count is a typed error and moves nothing")
  func wrongSpacings() {
    let c = container(1)
    let views = [view("a", 1), view("b", 1), view("c", 1)]
    #expect(throws: PlasticLayoutError.wrongSpacingCount(expected: 2, actual: 3)) {
      try views.fill(left: c.left, right: c.right, spacings: [.zero, .zero, .zero])
    }
    #expect(throws: PlasticLayoutError.wrongSpacingCount(expected: 2, actual: 1)) {
      try views.centerBetween(top: c.top, bottom: c.bottom, spacings: [.zero])
    }
    #expect(views.allSatisfy { $0.frame == Rect(x: 10, y: 20, width: 30, height: 40) })
  }

  @Test("wrong or invalid weights are typed errors")
  func wrongWeights() {
    let c = container(1)
    let views = [view("a", 1), view("b", 1)]
    #expect(throws: PlasticLayoutError.wrongWeightCount(expected: 2, actual: 1)) {
      try views.fill(top: c.top, bottom: c.bottom, heights: [1])
    }
    #expect(throws: PlasticLayoutError.invalidWeights([0, 0])) {
      try views.fill(left: c.left, right: c.right, widths: [0, 0])
    }
    #expect(throws: PlasticLayoutError.invalidWeights([1, -1])) {
      try views.fill(left: c.left, right: c.right, widths: [1, -1])
    }
  }

  @Test("an empty group is left alone: no count is checked and the anchors' view does not move")
  func emptyGroup() throws {
    let c = container(1)
    // One spacing is wrong for a group of one view; an empty group has nothing to check it against.
    #expect(throws: PlasticLayoutError.wrongSpacingCount(expected: 0, actual: 1)) {
      try [view("a", 1)].fill(left: c.left, right: c.right, spacings: [.zero])
    }
    #expect(throws: Never.self) { try [PlasticView]().fill(left: c.left, right: c.right, spacings: [.zero]) }
    #expect(throws: Never.self) { try [PlasticView]().centerBetween(top: c.top, bottom: c.bottom, spacings: [.zero]) }
    [PlasticView]().centerBetween(top: c.top, bottom: c.bottom)
    #expect(c.frame == Rect(x: 0, y: 0, width: 640, height: 960))
  }

  @Test("the seed's counter layout splits the screen into a header and two buttons", arguments: multipliers)
  func counterLayout(m: Double) {
    let native = container(m)
    let label = view("label", m)
    let decrement = view("decrement", m)
    let increment = view("increment", m)
    label.asHeader(native)
    [label, decrement].fill(top: native.top, bottom: native.bottom)
    increment.top = decrement.top
    increment.bottom = decrement.bottom
    [decrement, increment].fill(left: native.left, right: native.right)
    #expect(label.frame == Rect(x: 0, y: 0, width: 640, height: 480))
    #expect(decrement.frame == Rect(x: 0, y: 480, width: 320, height: 480))
    #expect(increment.frame == Rect(x: 320, y: 480, width: 320, height: 480))
  }
}

/// The second pass on the array layouts and `fit`: every frame below was computed by hand from
/// the original's rules, at the multipliers of a 640×960 design shown at half, full and double
/// size.
@Suite("Plastic array layouts ignore earlier constraints")
struct PlasticArrayEdgeCaseTests {
  /// Three views that each carry a different X constraint, one of them (`a.right` at 5) left of
  /// where the fill starts, so the old edge rules would have stretched or clamped them.
  private func horizontallyConstrained(_ c: PlasticView, _ m: Double) -> [PlasticView] {
    let a = view("a", m)
    let b = view("b", m)
    let d = view("d", m)
    a.right = c.left + .fixed(5)
    b.centerX = c.left + .fixed(200)
    d.width = .fixed(80)
    return [a, b, d]
  }

  @Test(
    "fill(left:right:) gives each view its weighted share and chains the edges, whatever came before",
    arguments: [
      // m, expected (x, width) of the three views; space = 640 − 40m − (10m + 5), weights 1:2:1
      (0.5, [(10.0, 152.5), (167.5, 305.0), (477.5, 152.5)]),
      (1.0, [(20.0, 146.25), (176.25, 292.5), (473.75, 146.25)]),
      (2.0, [(40.0, 133.75), (193.75, 267.5), (466.25, 133.75)]),
    ])
  func fillHorizontalAfterConstraints(m: Double, expected: [(Double, Double)]) throws {
    let c = container(m)
    let views = horizontallyConstrained(c, m)
    try views.fill(
      left: c.left + .scalable(20), right: c.right - .scalable(20), spacings: [.scalable(10), .fixed(5)],
      widths: [1, 2, 1])
    for (view, (x, width)) in zip(views, expected) {
      #expect(view.frame == Rect(x: x, y: 20, width: width, height: 40), "\(view.key)")
    }
  }

  @Test("after fill(left:right:) a view remembers its left edge", arguments: multipliers)
  func fillLeavesLeftAsTheXConstraint(m: Double) throws {
    let c = container(m)
    let views = horizontallyConstrained(c, m)
    views.fill(left: c.left + .fixed(10), right: c.right - .fixed(30))  // 200 each, at 10, 210, 410
    #expect(views.map(\.frame.minX) == [10, 210, 410])
    views[0].width = .fixed(50)
    #expect(views[0].frame == Rect(x: 10, y: 20, width: 50, height: 40), "width keeps the left edge")
    views[1].right = c.right - .fixed(40)
    #expect(views[1].frame == Rect(x: 210, y: 20, width: 390, height: 40), "right stretches from it")
  }

  @Test(
    "fill(top:bottom:) gives each view its weighted share after centerY, bottom or height",
    arguments: [
      // m, expected (y, height); space = 960 − 60 − 40m − 40m, weights 1:1:2
      (0.5, [(20.0, 215.0), (245.0, 215.0), (470.0, 430.0)]),
      (1.0, [(40.0, 205.0), (265.0, 205.0), (490.0, 410.0)]),
      (2.0, [(80.0, 185.0), (305.0, 185.0), (530.0, 370.0)]),
    ])
  func fillVerticalAfterConstraints(m: Double, expected: [(Double, Double)]) throws {
    let c = container(m)
    let a = view("a", m)
    let b = view("b", m)
    let d = view("d", m)
    a.centerY = c.top + .fixed(700)
    b.bottom = c.top + .fixed(10)
    d.height = .fixed(500)
    let views = [a, b, d]
    try views.fill(
      top: c.top + .scalable(40), bottom: c.bottom - .fixed(60), spacings: [.scalable(20), .scalable(20)],
      heights: [1, 1, 2])
    for (view, (y, height)) in zip(views, expected) {
      #expect(view.frame == Rect(x: 10, y: y, width: 30, height: height), "\(view.key)")
    }
    a.height = .fixed(10)
    #expect(a.frame == Rect(x: 10, y: expected[0].0, width: 30, height: 10), "a remembers its top edge")
  }

  @Test(
    "centerBetween keeps every size, even after the opposite edge or a center",
    arguments: [
      // m, expected x of the two views (total = 60 + 10m, centered on 320)
      (0.5, 287.5, 322.5),
      (1.0, 285.0, 325.0),
      (2.0, 280.0, 330.0),
    ])
  func centerGroupAfterConstraints(m: Double, firstX: Double, secondX: Double) throws {
    let c = container(m)
    let a = view("a", m)
    let b = view("b", m)
    a.right = c.left + .fixed(300)
    b.centerX = c.left + .fixed(100)
    try [a, b].centerBetween(left: c.left, right: c.right, spacings: [.scalable(10)])
    #expect(a.frame == Rect(x: firstX, y: 20, width: 30, height: 40))
    #expect(b.frame == Rect(x: secondX, y: 20, width: 30, height: 40))

    let e = view("e", m)
    let f = view("f", m)
    e.bottom = c.top + .fixed(500)
    f.centerY = c.top + .fixed(30)
    try [e, f].centerBetween(top: c.top, bottom: c.bottom, spacings: [.fixed(20)])
    #expect(e.frame == Rect(x: 10, y: 430, width: 30, height: 40), "total 100, centered on 480")
    #expect(f.frame == Rect(x: 10, y: 490, width: 30, height: 40))
  }
}

@Suite("fit: the original's order of steps and arguments")
struct PlasticFitTests {
  @Test(
    "fit centers the shrunk side in the inset area and leaves the size as the remembered constraint",
    arguments: [
      // m, expected frame: area (20m, 10m, 640 − 40m, 960 − 20m), square of the area's width
      (0.5, Rect(x: 10, y: 170, width: 620, height: 620)),
      (1.0, Rect(x: 20, y: 180, width: 600, height: 600)),
      (2.0, Rect(x: 40, y: 200, width: 560, height: 560)),
    ])
  func fitRemembersTheSize(m: Double, expected: Rect) {
    let c = container(m)
    let v = view("v", m)
    v.fit(c, insets: .scalable(10, 20, 10, 20))
    #expect(v.frame == expected)
    v.top = c.top
    #expect(v.frame == Rect(x: expected.minX, y: 0, width: expected.width, height: expected.height), "top moves it")
  }

  @Test("the original's argument order gives the same frame", arguments: multipliers)
  func originalArgumentOrder(m: Double) {
    let c = container(m)
    let documented = view("a", m)
    let original = view("b", m)
    documented.fit(c, insets: .scalable(0, 10, 0, 30), aspectRatio: 2)
    original.fit(c, aspectRatio: 2, insets: .scalable(0, 10, 0, 30))
    #expect(documented.frame == original.frame)
    let anchors = view("c", m)
    anchors.fit(top: c.top, left: c.left, bottom: c.bottom, right: c.right, aspectRatio: 2, insets: .zero)
    #expect(anchors.frame == Rect(x: 0, y: 320, width: 640, height: 320))
  }

  @Test("a flat area gives width 0 centered; a ratio that is not positive only fills")
  func degenerateAreas() {
    let c = container(1)
    let flat = view("flat", 1)
    flat.fit(top: c.top, left: c.left, bottom: c.top, right: c.right)
    #expect(flat.frame == Rect(x: 320, y: 0, width: 0, height: 0))
    let zeroRatio = view("zero", 1)
    zeroRatio.fit(c, aspectRatio: 0)
    #expect(zeroRatio.frame == Rect(x: 0, y: 0, width: 640, height: 960))
    let nanRatio = view("nan", 1)
    nanRatio.fit(c, aspectRatio: .nan)
    #expect(nanRatio.frame == Rect(x: 0, y: 0, width: 640, height: 960))
  }

  @Test("asymmetric insets: the shrunk side is centered in the inset area (a deliberate difference)")
  func asymmetricInsets() {
    let c = container(1)
    let v = view("v", 1)
    // Area x 100…640 (540 × 960), ratio 0.5: width 480 centered on 370.
    v.fit(c, insets: .fixed(0, 100, 0, 0), aspectRatio: 0.5)
    #expect(v.frame == Rect(x: 130, y: 0, width: 480, height: 960))
  }
}
