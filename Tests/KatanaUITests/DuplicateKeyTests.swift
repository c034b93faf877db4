import Katana
import Testing

@testable import KatanaUI

/// A Plastic list whose rows get dynamic keys from their titles: two rows with the same title
/// collide, the mistake a list with a bad key function makes.
struct TitledListScreen: PlasticNodeDescription, PlasticReferenceSizeable {
  struct Props: NodeDescriptionProps {
    var titles: [String] = []
    var frame = Rect.zero
    var alpha = 1.0
    var key: String?
  }

  typealias Keys = String
  var props: Props

  static let referenceSize = Size(width: 100, height: 100)

  static func childrenDescriptions(
    props: Props, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.titles.map { Leaf(key: "row-\($0)") }
  }

  static func layout(views: ViewsContainer<Keys>, props: Props, state: EmptyState) {
    var top = views.nativeView.top
    for title in props.titles {
      guard let row = views[keyText: "row-\(title)"] else { continue }
      row.asHeader(views.nativeView)
      row.top = top
      row.height = .scalable(10)
      top = row.bottom
    }
  }
}

@MainActor
@Suite("Duplicate keys among siblings are reported")
struct DuplicateKeyTests {
  @Test("two siblings with one key: renderer.errors names the parent and the key")
  func duplicateSiblingKeys() throws {
    let backend = RecordingBackend(containerSize: Size(width: 100, height: 100))
    let renderer = Renderer(
      rootDescription: TitledListScreen(props: .init(titles: ["milk", "eggs", "milk"])), store: nil)
    renderer.render(in: backend)

    let messages = renderer.errors.map(\.description)
    #expect(
      messages == [
        "KatanaUI: KatanaUITests.TitledListScreen has 2 children with the key \"row-milk\"; keys must be unique "
          + "among siblings (the layout places only the first, the reconciler matches them by order)"
      ])
    guard case .duplicateKey(let parent, let key, let count)? = renderer.errors.first else { return }
    #expect(parent == "KatanaUITests.TitledListScreen" && key == "row-milk" && count == 2)
    // Everything is still mounted: the error is the only sign, and it says what to fix.
    let rows = backend.rootChildren.flatMap { backend.children(of: $0) }.compactMap { backend.view($0) }
    #expect(rows.map(\.props.key) == ["row-milk", "row-eggs", "row-milk"])
  }

  @Test("a duplicate is reported once, not on every re-render, and unique keys report nothing")
  func reportedOnce() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()))
    #expect(harness.renderer.errors.isEmpty)
    try await harness.dispatch(SetItems(items: ["a", "b", "a", "a"]))
    try await harness.dispatch(SetItems(items: ["a", "b", "a", "a", "c"]))
    #expect(harness.renderer.errors.count == 1)
    guard case .duplicateKey(_, let key, let count)? = harness.renderer.errors.first else {
      Issue.record("expected a duplicate key error, got \(harness.renderer.errors)")
      return
    }
    #expect(key == "a" && count == 3)
  }

  @Test("the same key under different parents is not a duplicate")
  func cousinsMayShareKeys() {
    let backend = RecordingBackend(containerSize: Size(width: 100, height: 100))
    let renderer = Renderer(
      rootDescription: View(
        props: ViewProps.build {
          $0.children = [
            View(props: ViewProps.build { $0.children = [Leaf(key: "title")] }),
            View(props: ViewProps.build { $0.children = [Leaf(key: "title")] }),
          ]
        }),
      store: nil)
    renderer.render(in: backend)
    #expect(renderer.errors.isEmpty)
  }
}
