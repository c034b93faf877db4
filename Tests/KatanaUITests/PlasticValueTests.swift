import Testing

@testable import KatanaUI

@Suite("Plastic values")
struct PlasticValueTests {
  @Test("a value scales its scalable part and adds its fixed part")
  func valueScale() {
    let value = Value(scalable: 10, fixed: 3)
    #expect(value.scale(by: 0.5) == 8)
    #expect(value.scale(by: 2) == 23)
    #expect(value.scale(by: 0) == 3)
    #expect(value.unscaledValue == 13)
    #expect(Value.scalable(4).scale(by: 3) == 12)
    #expect(Value.fixed(4).scale(by: 3) == 4)
    #expect(Value.zero.scale(by: 7) == 0)
  }

  @Test("value arithmetic works on both parts")
  func valueArithmetic() {
    let a = Value(scalable: 10, fixed: 2)
    let b = Value(scalable: 1, fixed: 5)
    #expect(a + b == Value(scalable: 11, fixed: 7))
    #expect(a - b == Value(scalable: 9, fixed: -3))
    #expect(-a == Value(scalable: -10, fixed: -2))
    #expect(a * 2 == Value(scalable: 20, fixed: 4))
    #expect(2 * a == Value(scalable: 20, fixed: 4))
    #expect(a / 2 == Value(scalable: 5, fixed: 1))
    var c = a
    c += b
    #expect(c == Value(scalable: 11, fixed: 7))
    c -= b
    #expect(c == a)
    c *= 3
    #expect(c == Value(scalable: 30, fixed: 6))
    c /= 3
    #expect(c == a)
  }

  @Test("a Plastic size scales each side")
  func sizeScale() {
    let size = PlasticSize(width: Value(scalable: 100, fixed: 1), height: .scalable(50))
    #expect(size.scale(by: 0.5) == Size(width: 51, height: 25))
    #expect(size.unscaledSize == Size(width: 101, height: 50))
    #expect(PlasticSize.scalable(10, 20).scale(by: 2) == Size(width: 20, height: 40))
    #expect(PlasticSize.fixed(10, 20).scale(by: 2) == Size(width: 10, height: 20))
    #expect(PlasticSize.scalable(1, 2) + .fixed(3, 4) == PlasticSize(width: Value(scalable: 1, fixed: 3), height: Value(scalable: 2, fixed: 4)))
    #expect(PlasticSize.scalable(4, 8) * 0.5 == .scalable(2, 4))
    #expect(PlasticSize.scalable(4, 8) / 4 == .scalable(1, 2))
    #expect(PlasticSize.scalable(4, 8) - .scalable(1, 1) == .scalable(3, 7))
  }

  @Test("edge insets scale each edge")
  func insetsScale() {
    let insets = EdgeInsets.scalable(1, 2, 3, 4) + .fixed(10, 0, 0, 0)
    #expect(insets.scale(by: 2) == Insets(top: 12, left: 4, bottom: 6, right: 8))
    #expect(EdgeInsets.zero.scale(by: 5) == .zero)
    #expect(EdgeInsets.scalable(2, 4, 6, 8) / 2 == .scalable(1, 2, 3, 4))
    #expect(EdgeInsets.scalable(1, 2, 3, 4) * 2 == .scalable(2, 4, 6, 8))
    #expect(EdgeInsets.scalable(1, 2, 3, 4) - .scalable(1, 1, 1, 1) == .scalable(0, 1, 2, 3))
  }

  @Test("anchors read the absolute line plus the scaled offset; equality ignores the offset")
  func anchors() {
    let view = PlasticView(key: "a", frame: Rect(x: 10, y: 20, width: 100, height: 40), scaleValue: 2)
    #expect(view.left.coordinate == 10)
    #expect(view.right.coordinate == 110)
    #expect(view.centerX.coordinate == 60)
    #expect(view.top.coordinate == 20)
    #expect(view.bottom.coordinate == 60)
    #expect(view.centerY.coordinate == 40)
    #expect((view.left + .scalable(5)).coordinate == 20)
    #expect((view.left + .fixed(5)).coordinate == 15)
    #expect((view.left + 5).coordinate == 20, "a bare number is scalable")
    #expect((view.right - 5).coordinate == 100)
    #expect((view.right - .fixed(5)).coordinate == 105)
    #expect(view.left + 5 == view.left)
    #expect(view.left != view.right)
    let other = PlasticView(key: "b", frame: view.frame, scaleValue: 2)
    #expect(view.left != other.left)
  }

  @Test("geometry helpers")
  func geometry() {
    let rect = Rect(x: 1, y: 2, width: 10, height: 20)
    #expect(rect.maxX == 11)
    #expect(rect.midY == 12)
    #expect(rect.offsetBy(dx: 1, dy: -2) == Rect(x: 2, y: 0, width: 10, height: 20))
    #expect(Rect.zero.size == .zero)
  }
}
