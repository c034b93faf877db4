import Katana
import KatanaUI

// U2: a 10,000-node mount where every frame comes from a Plastic layout: a root laying out 99
// keyed groups in a grid against its reference size, each group laying out its 100 keyed leaves
// in rows of ten with the array `fill`. No layout hash, so every group runs its layout (the
// renderer's layout cache would otherwise serve 98 of the 99 from the first).

enum PlasticWorkload {
  static let groups = UIWorkload.groups
  static let leavesPerGroup = UIWorkload.leavesPerGroup
  static let nodeCount = UIWorkload.nodeCount
  static let groupsPerRow = 11
  static let leavesPerRow = 10
}

struct PlasticGroupProps: NodeDescriptionProps {
  var index = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A group of 100 keyed leaves, ten rows of ten, each row split by `fill(left:right:)`.
struct PlasticBenchGroup: PlasticNodeDescription {
  typealias Keys = String
  var props: PlasticGroupProps

  static func childrenDescriptions(
    props: PlasticGroupProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    (0..<PlasticWorkload.leavesPerGroup).map { leaf in
      BenchLeaf(props: BenchLeafProps(value: leaf, key: "\(props.index).\(leaf)"))
    }
  }

  static func layout(views: ViewsContainer<String>, props: PlasticGroupProps, state: EmptyState) {
    let group = views.nativeView
    let rows = PlasticWorkload.leavesPerGroup / PlasticWorkload.leavesPerRow
    for row in 0..<rows {
      let leaves = (0..<PlasticWorkload.leavesPerRow).compactMap { column in
        views[keyText: "\(props.index).\(row * PlasticWorkload.leavesPerRow + column)"]
      }
      for leaf in leaves {
        leaf.height = .scalable(10)
        leaf.top = group.top + .scalable(Double(row) * 10)
      }
      leaves.fill(left: group.left, right: group.right)
    }
  }
}

/// The root: 99 keyed groups in a grid of eleven columns, sized against a 1,100×900 reference.
struct PlasticBenchRoot: PlasticNodeDescription, PlasticReferenceSizeable {
  typealias Keys = String
  var props: EmptyProps

  static let referenceSize = Size(width: 1100, height: 900)

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    (0..<PlasticWorkload.groups).map { PlasticBenchGroup(props: PlasticGroupProps(index: $0, key: "group \($0)")) }
  }

  static func layout(views: ViewsContainer<String>, props: EmptyProps, state: EmptyState) {
    let root = views.nativeView
    for index in 0..<PlasticWorkload.groups {
      guard let group = views[keyText: "group \(index)"] else { continue }
      group.size = PlasticSize(width: .scalable(100), height: .scalable(100))
      group.left = root.left + .scalable(Double(index % PlasticWorkload.groupsPerRow) * 100)
      group.top = root.top + .scalable(Double(index / PlasticWorkload.groupsPerRow) * 100)
    }
  }
}

/// A recording backend and a renderer mounting the Plastic tree (no store: nothing is connected).
@MainActor
final class PlasticMountFixture {
  let backend = RecordingBackend(containerSize: Size(width: 1100, height: 900))
  let renderer: Renderer

  private init() {
    renderer = Renderer(rootDescription: PlasticBenchRoot(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
  }

  static func make() -> PlasticMountFixture { PlasticMountFixture() }

  /// Every node is mounted, and Plastic placed the last leaf of the last group: group 98 is at
  /// column 10, row 8; its leaf 99 is the last of ten 10-point columns in the last 10-point row.
  func checkMounted() {
    precondition(backend.viewCount == PlasticWorkload.nodeCount && backend.violations.isEmpty)
    let group = backend.firstView(withKey: "group 98")?.props.frame
    let leaf = backend.firstView(withKey: "98.99")?.props.frame
    precondition(group == Rect(x: 1000, y: 800, width: 100, height: 100), "group frame \(String(describing: group))")
    precondition(leaf == Rect(x: 90, y: 90, width: 10, height: 10), "leaf frame \(String(describing: leaf))")
  }
}
