import Benchmark
import Katana
import KatanaUI

// Issue 5's UI targets, measured on the RecordingBackend:
// - one leaf's props change in a 10,000-node tree: exactly 1 update mutation, 0 creates, 0 moves;
//   target ≤ 1 ms per update (store dispatch, hop to the main actor, reconcile, apply);
// - mounting 10,000 nodes: target ≤ 20 ms, with and without Plastic layout (U2).
// One iteration of "leaf update" runs `UIWorkload.updates` updates; report.py divides by it.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .microseconds,
    warmupIterations: 1,
    maxDuration: .seconds(3),
    maxIterations: 20
  )

  Benchmark("UI mount n=\(UIWorkload.nodeCount)") { benchmark in
    benchmark.startMeasurement()
    let fixture = await UITreeFixture.make()
    benchmark.stopMeasurement()
    await fixture.checkMounted()
  }

  // U2: the same number of nodes, every frame computed by Plastic (see PlasticMountFixture).
  Benchmark("UI mount with Plastic layout n=\(PlasticWorkload.nodeCount)") { benchmark in
    benchmark.startMeasurement()
    let fixture = await PlasticMountFixture.make()
    benchmark.stopMeasurement()
    await fixture.checkMounted()
  }

  Benchmark("UI leaf update n=\(UIWorkload.nodeCount) updates=\(UIWorkload.updates)") { benchmark in
    let fixture = await UITreeFixture.make()
    benchmark.startMeasurement()
    for value in 1...UIWorkload.updates {
      await fixture.updateLeaf(to: value)
    }
    benchmark.stopMeasurement()
    await fixture.checkLeaf(value: UIWorkload.updates)
  }

  // Issue 21: one row of a 1,000-row connected list changes (see ConnectedListFixture.swift).
  Benchmark(
    "UI connected row update n=\(ConnectedListWorkload.rows) updates=\(ConnectedListWorkload.updates)"
  ) { benchmark in
    let fixture = await ConnectedListFixture.make()
    benchmark.startMeasurement()
    for update in 1...ConnectedListWorkload.updates {
      await fixture.updateRow(update * 7 % ConnectedListWorkload.rows, to: update)
    }
    benchmark.stopMeasurement()
  }
}

enum UIWorkload {
  /// Nodes in the tree: the root, `groups` groups and `leavesPerGroup` leaves in each.
  static let groups = 99
  static let leavesPerGroup = 100
  static let nodeCount = 1 + groups + groups * leavesPerGroup
  /// Leaf updates per iteration of the update benchmark.
  static let updates = 100
}

struct BenchState: State {
  var leafValue = 0
}

struct SetLeafValue: StateUpdater {
  let value: Int
  func updateState(_ state: inout BenchState) { state.leafValue = value }
}

struct BenchLeafProps: NodeDescriptionProps {
  var value = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A leaf with a fixed value.
struct BenchLeaf: NodeDescription {
  var props: BenchLeafProps

  static func childrenDescriptions(
    props: BenchLeafProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] { [] }
}

/// The one leaf connected to the store.
struct ConnectedBenchLeaf: ConnectedNodeDescription {
  var props: BenchLeafProps

  static func connect(props: inout BenchLeafProps, to storeState: BenchState) { props.value = storeState.leafValue }

  static func childrenDescriptions(
    props: BenchLeafProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] { [] }
}

struct BenchGroupProps: NodeDescriptionProps {
  var index = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A group of keyed leaves; group 0 holds the connected leaf first.
struct BenchGroup: NodeDescription {
  var props: BenchGroupProps

  static func childrenDescriptions(
    props: BenchGroupProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    (0..<UIWorkload.leavesPerGroup).map { leaf -> AnyNodeDescription in
      let leafProps = BenchLeafProps(
        value: leaf, frame: Rect(x: 0, y: Double(leaf) * 10, width: 100, height: 10), key: "\(props.index).\(leaf)")
      return props.index == 0 && leaf == 0 ? ConnectedBenchLeaf(props: leafProps) : BenchLeaf(props: leafProps)
    }
  }
}

/// The root: `groups` keyed groups.
struct BenchRoot: NodeDescription {
  var props: EmptyProps

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    (0..<UIWorkload.groups).map { BenchGroup(props: BenchGroupProps(index: $0, key: "group \($0)")) }
  }
}

/// A store, a recording backend and a renderer showing the 10,000-node tree.
@MainActor
final class UITreeFixture {
  let store = Store<BenchState, EmptySideEffectDependencyContainer>()
  let backend = RecordingBackend(containerSize: Size(width: 1000, height: 1000))
  let renderer: Renderer

  private init() {
    renderer = Renderer(rootDescription: BenchRoot(props: EmptyProps()), store: store)
    renderer.render(in: backend)
  }

  static func make() -> UITreeFixture { UITreeFixture() }

  func checkMounted() {
    precondition(backend.viewCount == UIWorkload.nodeCount && backend.violations.isEmpty)
  }

  /// Changes the connected leaf's value through the store and waits for the render.
  func updateLeaf(to value: Int) async {
    backend.clearLog()
    try? await store.dispatch(SetLeafValue(value: value)).value
    await renderer.settle()
    precondition(backend.counts == MutationCounts(updateProps: 1), "one leaf update must be exactly one mutation")
  }

  func checkLeaf(value: Int) {
    let leaf = backend.firstView(withKey: "0.0")
    precondition((leaf?.props as? BenchLeafProps)?.value == value)
  }
}
