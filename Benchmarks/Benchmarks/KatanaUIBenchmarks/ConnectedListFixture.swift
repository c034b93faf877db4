import Katana
import KatanaUI

// A 1,000-row connected list (issue 21): each row is connected to its own element of the state,
// through its own selection listener. One row's change must give exactly 1 props update and wake
// no other connected node; the benchmark times that update, from the dispatch to the mutation
// applied on the RecordingBackend.

enum ConnectedListWorkload {
  static let rows = 1_000
  /// Row updates per iteration of the benchmark.
  static let updates = 100
}

struct ListState: State {
  var rows = Array(repeating: 0, count: ConnectedListWorkload.rows)
}

struct SetRowValue: StateUpdater {
  let row: Int
  let value: Int
  func updateState(_ state: inout ListState) { state.rows[row] = value }
}

struct ListRowProps: NodeDescriptionProps {
  var row = 0
  var value = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A row connected to `rows[row]`.
struct ConnectedListRow: ConnectedNodeDescription {
  var props: ListRowProps

  static func connect(props: inout ListRowProps, to storeState: ListState) { props.value = storeState.rows[props.row] }

  static func childrenDescriptions(
    props: ListRowProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] { [] }
}

/// The list: not connected itself, 1,000 keyed connected rows.
struct ConnectedList: NodeDescription {
  var props: EmptyProps

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    (0..<ConnectedListWorkload.rows).map { row -> AnyNodeDescription in
      let frame = Rect(x: 0, y: Double(row) * 10, width: 100, height: 10)
      return ConnectedListRow(props: ListRowProps(row: row, frame: frame, key: "row \(row)"))
    }
  }
}

/// A store, a recording backend and a renderer showing the connected list.
@MainActor
final class ConnectedListFixture {
  let store = Store<ListState, EmptySideEffectDependencyContainer>()
  let backend = RecordingBackend(containerSize: Size(width: 100, height: 10_000))
  let renderer: Renderer

  private init() {
    renderer = Renderer(rootDescription: ConnectedList(props: EmptyProps()), store: store)
    renderer.render(in: backend)
  }

  static func make() async -> ConnectedListFixture {
    let fixture = ConnectedListFixture()
    await fixture.renderer.settle()
    precondition(fixture.renderer.connectedNodeCount == ConnectedListWorkload.rows)
    return fixture
  }

  /// Sets one row's value through the store, waits for the render, and checks that it was one
  /// props update and one connected node woken.
  func updateRow(_ row: Int, to value: Int) async {
    backend.clearLog()
    let woken = renderer.storeUpdateCount
    try? await store.dispatch(SetRowValue(row: row, value: value)).value
    await renderer.settle()
    precondition(backend.counts == MutationCounts(updateProps: 1), "one row's change must be one props update")
    precondition(renderer.storeUpdateCount - woken == 1, "one row's change must wake one connected node")
  }
}
