import Katana
import Testing

import KatanaUI

/// The keys of the DocC article's example.
private enum CounterKeys: String, CaseIterable {
  case header, decrement, increment
}

/// The layout of the DocC article ("Laying out with Plastic"), word for word.
private func counterLayout(_ views: ViewsContainer<CounterKeys>) {
  let header = views[.header]!
  header.asHeader(views.nativeView)
  header.height = .scalable(100)
  let buttons = [views[.decrement]!, views[.increment]!]
  buttons.fill(left: views.nativeView.left, right: views.nativeView.right)
  for button in buttons {
    button.top = header.bottom
    button.bottom = views.nativeView.bottom
  }
}

/// Public API only (no `@testable`): this is what an app, a test or another backend can do.
@Suite("PlasticLayout: Plastic without a renderer")
struct PlasticLayoutTests {
  @Test(
    "the article's example at half, full and double the 640×960 design",
    arguments: [
      (Size(width: 320, height: 480), 0.5,
       [Rect(x: 0, y: 0, width: 320, height: 50), Rect(x: 0, y: 50, width: 160, height: 430),
        Rect(x: 160, y: 50, width: 160, height: 430)]),
      (Size(width: 640, height: 960), 1.0,
       [Rect(x: 0, y: 0, width: 640, height: 100), Rect(x: 0, y: 100, width: 320, height: 860),
        Rect(x: 320, y: 100, width: 320, height: 860)]),
      (Size(width: 1280, height: 1920), 2.0,
       [Rect(x: 0, y: 0, width: 1280, height: 200), Rect(x: 0, y: 200, width: 640, height: 1720),
        Rect(x: 640, y: 200, width: 640, height: 1720)]),
    ])
  func articleExample(size: Size, multiplier: Double, expected: [Rect]) {
    let m = PlasticLayout.multiplier(for: size, referenceSize: Size(width: 640, height: 960))
    #expect(m == multiplier)
    let frames = PlasticLayout.frames(of: CounterKeys.allCases, in: size, multiplier: m, counterLayout)
    #expect(frames == [.header: expected[0], .decrement: expected[1], .increment: expected[2]])
  }

  @Test("the multiplier is the smaller ratio, and 0 without a usable reference size")
  func multiplier() {
    let reference = Size(width: 640, height: 960)
    #expect(PlasticLayout.multiplier(for: Size(width: 640, height: 480), referenceSize: reference) == 0.5)
    #expect(PlasticLayout.multiplier(for: Size(width: 1280, height: 2880), referenceSize: reference) == 2)
    #expect(PlasticLayout.multiplier(for: Size(width: 100, height: 100), referenceSize: Size(width: 0, height: 10)) == 0)
  }

  @Test("views start from the given frames; one the layout leaves alone keeps its frame")
  func startingFrames() {
    let start = Rect(x: 7, y: 8, width: 9, height: 10)
    let frames = PlasticLayout.frames(
      of: ["moved", "untouched", "fresh"], in: Size(width: 100, height: 50), multiplier: 1,
      startingFrom: ["moved": start, "untouched": start]
    ) { views in
      views[keyText: "moved"]!.right = views.nativeView.right - .fixed(1)
    }
    #expect(frames["moved"] == Rect(x: 90, y: 8, width: 9, height: 10), "moved, size kept")
    #expect(frames["untouched"] == start)
    #expect(frames["fresh"] == .zero)
  }

  @Test("a layout error comes back typed, and a repeated key shares one view")
  func errorsAndRepeatedKeys() {
    #expect(throws: PlasticLayoutError.wrongSpacingCount(expected: 1, actual: 0)) {
      try PlasticLayout.frames(of: ["a", "b"], in: Size(width: 10, height: 10), multiplier: 1) { views in
        try [views[keyText: "a"]!, views[keyText: "b"]!].fill(
          left: views.nativeView.left, right: views.nativeView.right, spacings: [])
      }
    }
    let frames = PlasticLayout.frames(of: ["a", "a"], in: Size(width: 10, height: 10), multiplier: 1) { views in
      views[keyText: "a"]!.fill(views.nativeView)
    }
    #expect(frames == ["a": Rect(x: 0, y: 0, width: 10, height: 10)])
  }

  @Test("a description's own layout runs unchanged, scalable parts vanishing at multiplier 0")
  func descriptionLayout() {
    func bar(at m: Double) -> Rect? {
      PlasticLayout.frames(of: [UnscaledScreen.Keys.bar], in: Size(width: 300, height: 200), multiplier: m) {
        UnscaledScreen.layout(views: $0, props: EmptyProps(), state: EmptyState())
      }[.bar]
    }
    // bar: asHeader, then height = 100 scalable + 7 fixed.
    #expect(bar(at: 0) == Rect(x: 0, y: 0, width: 300, height: 7))
    #expect(bar(at: 0.5) == Rect(x: 0, y: 0, width: 300, height: 57))
    #expect(bar(at: 2) == Rect(x: 0, y: 0, width: 300, height: 207))
  }

  @Test("a free-standing PlasticView follows the same rules")
  func freeStandingView() {
    let container = PlasticView(key: "", frame: Rect(x: 0, y: 0, width: 200, height: 100), scaleValue: 2)
    let view = PlasticView(key: "v", frame: .zero, scaleValue: 2)
    view.fill(container, insets: .scalable(5, 5, 5, 5))
    #expect(view.frame == Rect(x: 10, y: 10, width: 180, height: 80))
  }
}
