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

  @Test("an empty group is left alone")
  func emptyGroup() throws {
    let c = container(1)
    try [PlasticView]().fill(left: c.left, right: c.right, spacings: [.zero])
    [PlasticView]().centerBetween(top: c.top, bottom: c.bottom)
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
