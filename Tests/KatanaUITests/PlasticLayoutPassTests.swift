import Katana
import Testing

@testable import KatanaUI

/// A Plastic screen with a reference size: a header and, inside an unkeyed container, a keyed
/// box laid out against the header.
struct NestedScreen: PlasticNodeDescription, PlasticReferenceSizeable {
  enum Keys: String { case header, panel, box }
  var props: EmptyProps

  static let referenceSize = Size(width: 640, height: 960)

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      View(props: ViewProps.build { $0.setKey(Keys.header) }),
      View(
        props: ViewProps.build {
          $0.setKey(Keys.panel)
          $0.children = [
            View(
              props: ViewProps.build {
                $0.frame = Rect(x: 5, y: 5, width: 10, height: 10)
                $0.children = [View(props: ViewProps.build { $0.setKey(Keys.box) })]
              })
          ]
        }),
    ]
  }

  static func layout(views: ViewsContainer<Keys>, props: EmptyProps, state: EmptyState) {
    let header = views[.header]!
    let panel = views[.panel]!
    let box = views[.box]!
    header.asHeader(views.nativeView)
    header.height = .scalable(100)
    panel.fill(top: header.bottom, left: views.nativeView.left, bottom: views.nativeView.bottom, right: views.nativeView.right)
    box.top = panel.top + .scalable(20)
    box.left = panel.left + .fixed(1)
    box.size = .scalable(50, 50)
  }
}

/// A Plastic root without a reference size: its multiplier is 0.
struct UnscaledScreen: PlasticNodeDescription {
  enum Keys: String { case bar }
  var props: EmptyProps

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [View(props: ViewProps.build { $0.setKey(Keys.bar) })]
  }

  static func layout(views: ViewsContainer<Keys>, props: EmptyProps, state: EmptyState) {
    let bar = views[.bar]!
    bar.asHeader(views.nativeView)
    bar.height = Value(scalable: 100, fixed: 7)
  }
}

/// A layout that makes a mistake after placing its first view.
struct BrokenLayoutScreen: PlasticNodeDescription, PlasticReferenceSizeable {
  enum Keys: String { case first, second }
  var props: EmptyProps

  static let referenceSize = Size(width: 100, height: 100)

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Leaf(key: "first"), Leaf(key: "second")]
  }

  static func layout(views: ViewsContainer<Keys>, props: EmptyProps, state: EmptyState) throws {
    views[.first]!.fill(views.nativeView)
    try [views[.first]!, views[.second]!].fill(left: views.nativeView.left, right: views.nativeView.right, spacings: [])
  }
}

@MainActor
@Suite("The Plastic layout pass in the renderer")
struct PlasticLayoutPassTests {
  @Test(
    "frames scale with min(width, height) ratios and nested frames are relative to their parents",
    arguments: [(Size(width: 640, height: 960), 1.0), (Size(width: 320, height: 960), 0.5), (Size(width: 1280, height: 1920), 2.0)])
  func nestedFrames(size: Size, multiplier: Double) throws {
    let backend = RecordingBackend(containerSize: size)
    let renderer = Renderer(rootDescription: NestedScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    let m = multiplier
    let header = try #require(backend.firstView(withKey: "header"))
    let panel = try #require(backend.firstView(withKey: "panel"))
    let box = try #require(backend.firstView(withKey: "box"))
    #expect(header.frame == Rect(x: 0, y: 0, width: size.width, height: 100 * m))
    #expect(panel.frame == Rect(x: 0, y: 100 * m, width: size.width, height: size.height - 100 * m))
    #expect(box.frame == Rect(x: 1 - 5, y: 20 * m - 5, width: 50 * m, height: 50 * m), "relative to the static container at (5, 5)")
    #expect(backend.absoluteFrame(of: box.id) == Rect(x: 1, y: 120 * m, width: 50 * m, height: 50 * m))
  }

  @Test("a root without a reference size has multiplier 0: scalable parts vanish")
  func rootMultiplierZero() throws {
    let backend = RecordingBackend(containerSize: Size(width: 300, height: 300))
    let renderer = Renderer(rootDescription: UnscaledScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    #expect(try #require(backend.firstView(withKey: "bar")).frame == Rect(x: 0, y: 0, width: 300, height: 7))
  }

  @Test("a failing layout is reported and keeps the frames set before the error")
  func layoutError() throws {
    let backend = RecordingBackend(containerSize: Size(width: 100, height: 100))
    let renderer = Renderer(rootDescription: BrokenLayoutScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    guard case .layoutFailed(_, let error) = renderer.errors.first else {
      Issue.record("expected a layout error, got \(renderer.errors)")
      return
    }
    #expect(error as? PlasticLayoutError == .wrongSpacingCount(expected: 1, actual: 0))
    #expect(try #require(backend.firstView(withKey: "first")).frame == Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(try #require(backend.firstView(withKey: "second")).frame == .zero)
  }

  @Test("layoutHash reuses frames computed for the same size and multiplier")
  func layoutCache() throws {
    var cache = PlasticLayoutPass.Cache()
    var partial: [AnyNodeDescription] = []
    let children = CachedScreen.childrenDescriptions(props: EmptyProps(), state: EmptyState(), update: { _ in }, dispatch: .none)
    CachedScreen.layoutRuns = 0
    for _ in 0..<3 {
      let laidOut = try PlasticLayoutPass.run(
        CachedScreen.self, props: EmptyProps(), state: EmptyState(), size: Size(width: 10, height: 10), multiplier: 1,
        children: children, cache: &cache, partial: &partial)
      #expect(laidOut.first?.props.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }
    #expect(CachedScreen.layoutRuns == 1)
  }
}

/// Counts its layout runs; its layout hash is constant.
struct CachedScreen: PlasticNodeDescription {
  enum Keys: String { case only }
  var props: EmptyProps
  @MainActor static var layoutRuns = 0

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Leaf(key: "only")]
  }

  static func layoutHash(props: EmptyProps, state: EmptyState) -> Int? { 1 }

  static func layout(views: ViewsContainer<Keys>, props: EmptyProps, state: EmptyState) {
    MainActor.assumeIsolated { layoutRuns += 1 }
    views[.only]!.fill(views.nativeView)
  }
}

/// A Plastic description without a reference size: it inherits the multiplier.
struct InheritingPanel: PlasticNodeDescription {
  enum Keys: String { case bar }
  var props: EmptyProps

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [View(props: ViewProps.build { $0.setKey(Keys.bar) })]
  }

  static func layout(views: ViewsContainer<Keys>, props: EmptyProps, state: EmptyState) {
    let bar = views[.bar]!
    bar.asHeader(views.nativeView)
    bar.height = .scalable(10)
  }
}

/// A 640×960 root whose fixed-frame, unkeyed container holds an ``InheritingPanel``.
struct InheritingScreen: PlasticNodeDescription, PlasticReferenceSizeable {
  enum Keys: String { case none }
  var props: EmptyProps
  static let referenceSize = Size(width: 640, height: 960)

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      View(
        props: ViewProps.build {
          $0.frame = Rect(x: 0, y: 0, width: 100, height: 100)
          $0.children = [InheritingPanel(props: EmptyProps(frame: Rect(x: 0, y: 0, width: 100, height: 100)))]
        })
    ]
  }

  static func layout(views: ViewsContainer<Keys>, props: EmptyProps, state: EmptyState) {}
}

@Suite("Multiplier changes reach nodes whose props stayed equal")
struct PlasticMultiplierChangeTests {
  @Test("a resize re-runs an inherited-multiplier layout behind an unchanged container")
  @MainActor
  func resizeReachesNestedLayout() throws {
    let backend = RecordingBackend(containerSize: Size(width: 640, height: 960))
    let renderer = Renderer(rootDescription: InheritingScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    #expect(try #require(backend.firstView(withKey: "bar")).frame == Rect(x: 0, y: 0, width: 100, height: 10))
    backend.resize(to: Size(width: 1280, height: 1920))
    renderer.flush()
    #expect(try #require(backend.firstView(withKey: "bar")).frame == Rect(x: 0, y: 0, width: 100, height: 20))
  }
}
