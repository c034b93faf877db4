import Katana
import Testing

import KatanaUI

/// A 640×960 design: a keyed label laid out by Plastic, and a fixed-frame container (never laid
/// out) holding a button, both with scalable styling.
private struct StyledScreen: PlasticNodeDescription, PlasticReferenceSizeable {
  enum Keys: String { case title }
  var props: EmptyProps

  static let referenceSize = Size(width: 640, height: 960)

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      Label(
        props: LabelProps.build {
          $0.setKey(Keys.title)
          $0.cornerRadius = Value(scalable: 8, fixed: 1)
          $0.borderWidth = .scalable(2)
        }),
      View(
        props: ViewProps.build {
          $0.frame = Rect(x: 0, y: 0, width: 50, height: 50)
          $0.borderWidth = .fixed(1)
          $0.children = [
            Button(
              props: ButtonProps.build {
                $0.key = "ok"
                $0.frame = Rect(x: 0, y: 0, width: 40, height: 20)
                $0.cornerRadius = .scalable(4)
              })
          ]
        }),
    ]
  }

  static func layout(views: ViewsContainer<Keys>, props: EmptyProps, state: EmptyState) {
    views[.title]!.asHeader(views.nativeView)
  }
}

/// An unscaled root (multiplier 0) with a styled label.
private struct UnscaledStyledScreen: NodeDescription {
  var props: EmptyProps

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Label(props: LabelProps.build {
      $0.key = "plain"
      $0.cornerRadius = Value(scalable: 10, fixed: 3)
    })]
  }
}

/// The newest props of the first view keyed `key`.
@MainActor
private func props<P: NodeDescriptionProps>(_ backend: RecordingBackend, key: String, as type: P.Type) throws -> P {
  let view = try #require(backend.firstView(withKey: key))
  return try #require(backend.props(of: view.id, as: type))
}

@MainActor
@Suite("Scalable corner radius and border width")
struct PlasticStyledPropsTests {
  @Test(
    "backends receive corner radius and border width scaled by the node's multiplier, as fixed points",
    arguments: [
      // size, label corner radius (8m + 1), label border (2m), button corner radius (4m)
      (Size(width: 320, height: 480), 5.0, 1.0, 2.0),
      (Size(width: 640, height: 960), 9.0, 2.0, 4.0),
      (Size(width: 1280, height: 1920), 17.0, 4.0, 8.0),
    ])
  func resolvedAtMount(size: Size, radius: Double, border: Double, buttonRadius: Double) throws {
    let backend = RecordingBackend(containerSize: size)
    let renderer = Renderer(rootDescription: StyledScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    let title = try props(backend, key: "title", as: LabelProps.self)
    #expect(title.cornerRadius == .fixed(radius))
    #expect(title.borderWidth == .fixed(border))
    let ok = try props(backend, key: "ok", as: ButtonProps.self)
    #expect(ok.cornerRadius == .fixed(buttonRadius), "inside an unkeyed container: the inherited multiplier")
    #expect(ok.borderWidth == .fixed(0))
  }

  @Test("a resize that changes only the multiplier updates the styling of a view whose frame stays")
  func resizeUpdatesStyling() throws {
    let backend = RecordingBackend(containerSize: Size(width: 640, height: 960))
    let renderer = Renderer(rootDescription: StyledScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    let okID = try #require(backend.firstView(withKey: "ok")).id
    backend.resize(to: Size(width: 1280, height: 1920))
    renderer.flush()
    let ok = try #require(backend.props(of: okID, as: ButtonProps.self))
    #expect(ok.frame == Rect(x: 0, y: 0, width: 40, height: 20), "frame unchanged")
    #expect(ok.cornerRadius == .fixed(8))
    let containerID = try #require(backend.view(okID)?.parent)
    #expect(backend.props(of: containerID, as: ViewProps.self)?.borderWidth == .fixed(1), "fixed widths never scale")
  }

  @Test("at a root without a reference size the scalable part vanishes")
  func unscaledRoot() throws {
    let backend = RecordingBackend(containerSize: Size(width: 100, height: 100))
    let renderer = Renderer(rootDescription: UnscaledStyledScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    let label = try props(backend, key: "plain", as: LabelProps.self)
    #expect(label.cornerRadius == .fixed(3))
  }

  @Test("re-rendering with the same multiplier sends no update")
  func stableStylingSendsNothing() throws {
    let backend = RecordingBackend(containerSize: Size(width: 640, height: 960))
    let renderer = Renderer(rootDescription: StyledScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    backend.clearLog()
    backend.resize(to: Size(width: 640, height: 960))
    renderer.flush()
    #expect(backend.log.allSatisfy { if case .updateProps = $0 { false } else { true } })
  }
}
