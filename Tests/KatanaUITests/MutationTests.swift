import Katana
import Testing

import KatanaUI

/// A 640×960 design with one keyed label: a header 50 scalable points tall.
private struct TitleScreen: PlasticNodeDescription, PlasticReferenceSizeable {
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
          $0.text = "Hi"
          $0.cornerRadius = .scalable(4)
        })
    ]
  }

  static func layout(views: ViewsContainer<Keys>, props: EmptyProps, state: EmptyState) {
    let title = views[.title]!
    title.asHeader(views.nativeView)
    title.height = .scalable(100)
  }
}

/// The label's props as the backend should receive them at multiplier `m` on a `width`-wide screen.
private func titleProps(width: Double, m: Double) -> LabelProps {
  LabelProps.build {
    $0.key = "title"
    $0.text = "Hi"
    $0.frame = Rect(x: 0, y: 0, width: width, height: 100 * m)
    $0.cornerRadius = .fixed(4 * m)
  }
}

@MainActor
@Suite("Asserting on the mutation log")
struct MutationTests {
  @Test("mutations compare with ==, props by type and value")
  func equatableLog() {
    let backend = RecordingBackend(containerSize: Size(width: 320, height: 480))
    let renderer = Renderer(rootDescription: TitleScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    let root = NodeID(rawValue: 1)
    let title = NodeID(rawValue: 2)
    #expect(
      backend.log == [
        .create(root, kind: .view, props: EmptyProps(frame: Rect(x: 0, y: 0, width: 320, height: 480))),
        .insert(root, parent: .container, at: 0),
        .create(title, kind: .label, props: titleProps(width: 320, m: 0.5)),
        .insert(title, parent: root, at: 0),
      ])

    backend.clearLog()
    backend.resize(to: Size(width: 1280, height: 1920))
    renderer.flush()
    #expect(
      backend.log == [
        .setFrame(root, Rect(x: 0, y: 0, width: 1280, height: 1920)),
        .updateProps(title, props: titleProps(width: 1280, m: 2)),
      ])
  }

  @Test("different cases, ids, kinds or props types are unequal")
  func inequality() {
    let id = NodeID(rawValue: 3)
    let label = LabelProps()
    #expect(Mutation.remove(id) != .remove(NodeID(rawValue: 4)))
    #expect(Mutation.remove(id) != .setFrame(id, .zero))
    #expect(Mutation.create(id, kind: .label, props: label) != .create(id, kind: .view, props: label))
    #expect(Mutation.updateProps(id, props: label) != .updateProps(id, props: ImageProps()), "same values, other type")
    #expect(Mutation.updateProps(id, props: label) != .updateProps(id, props: LabelProps.build { $0.text = "x" }))
    #expect(
      Mutation.animate(.linear(duration: .seconds(1)), [.remove(id)])
        == .animate(.linear(duration: .seconds(1)), [.remove(id)]))
    #expect(
      Mutation.animate(.linear(duration: .seconds(1)), [.remove(id)])
        != .animate(.linear(duration: .seconds(2)), [.remove(id)]))
  }

  @Test("the log reads as text, with props summarised by what differs from their defaults")
  func readableDump() {
    let backend = RecordingBackend(containerSize: Size(width: 320, height: 480))
    let renderer = Renderer(rootDescription: TitleScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    #expect(
      backend.logDescription == """
        create #1 view EmptyProps(frame: (0, 0, 320, 480), alpha: 1, key: nil)
        insert #1 into #container at 0
        create #2 label LabelProps(frame: (0, 0, 320, 50), key: "title", cornerRadius: .fixed(2), text: "Hi")
        insert #2 into #1 at 0
        """)
  }

  @Test("dictionaries are sorted, children counted, nested animations listed")
  func stableSummaries() {
    let button = ButtonProps.build {
      $0.titles = [.normal: "OK", .highlighted: "ok!"]
      $0.borderWidth = Value(scalable: 1, fixed: 0.5)
    }
    let first = Mutation.updateProps(NodeID(rawValue: 5), props: button).description
    #expect(first == #"updateProps #5 ButtonProps(borderWidth: Value(scalable: 1, fixed: 0.5), titles: [ControlState(rawValue: 0): "OK", ControlState(rawValue: 1): "ok!"])"#)
    let view = ViewProps.build { $0.children = [Label(props: LabelProps()), Label(props: LabelProps())] }
    #expect(Mutation.create(NodeID(rawValue: 6), kind: .view, props: view).description == "create #6 view ViewProps(children: [2 children])")
    let animated = Mutation.animate(.linear(duration: .seconds(1)), [.remove(NodeID(rawValue: 7)), .move(NodeID(rawValue: 8), parent: NodeID(rawValue: 1), to: 2)])
    #expect(animated.description == "animate linear(duration: 1.0 seconds) [remove #7; move #8 in #1 to 2]")
  }
}
