import Katana
import Testing

@testable import KatanaUI

/// Connected nodes listen to the store through selections: a store update reaches only the nodes
/// whose connected props it changes.
@MainActor
@Suite("Connected nodes: one selection listener per node", .serialized, .timeLimit(.minutes(1)))
struct ConnectedSelectionTests {
  @Test("one row of a 1,000-row connected list changes: 1 props update, no other connected node woken")
  func oneRowOfAThousand() async throws {
    let list = try await RowList(rows: 1_000)
    #expect(list.renderer.connectedNodeCount == 1_001, "the rows and the list")
    RowRenders.count = 0
    let before = list.renderer.storeUpdateCount

    let log = try await list.dispatch(SetRow(index: 500, value: 7))

    #expect(list.backend.counts == MutationCounts(updateProps: 1))
    #expect(list.renderer.storeUpdateCount - before == 1, "only the changed row was marked for re-rendering")
    #expect(RowRenders.count == 1, "only the changed row rendered its children again")
    guard case .updateProps(let id, let props) = log.first else {
      Issue.record("expected one props update, got \(log)")
      return
    }
    #expect(list.backend.view(id)?.key == "row 500")
    #expect((props as? RowProps)?.value == 7)
  }

  @Test("an update that changes no connected props renders nothing and wakes no node")
  func unrelatedUpdate() async throws {
    let list = try await RowList(rows: 100)
    let before = list.renderer.storeUpdateCount

    let log = try await list.dispatch(SetUnrelated(value: 3))

    #expect(log.isEmpty)
    #expect(list.renderer.storeUpdateCount == before)
  }

  @Test("updates arriving together wake each changed row once, in one batch")
  func burstOfUpdates() async throws {
    let list = try await RowList(rows: 100)
    let before = list.renderer.storeUpdateCount
    list.backend.clearLog()
    // The test holds the main actor, so all three are applied before the renderer runs.
    list.store.dispatch(SetRow(index: 1, value: 1))
    list.store.dispatch(SetRow(index: 1, value: 2))
    try await list.store.dispatch(SetRow(index: 2, value: 5)).value
    await list.renderer.settle()

    #expect(list.backend.counts == MutationCounts(updateProps: 2))
    #expect(list.renderer.storeUpdateCount - before == 2)
    #expect(list.value(ofRow: 1) == 2)
    #expect(list.value(ofRow: 2) == 5)
  }

  @Test("a row whose parent hands it another index listens to the new index only")
  func rowFollowsNewBaseProps() async throws {
    let list = try await RowList(rows: 11, shown: 10)
    try await list.dispatch(SetOffset(value: 1))
    #expect(list.value(ofRow: 0) == 1, "row 0 now shows index 1")

    let old = try await list.dispatch(SetRow(index: 0, value: 40))
    #expect(old.isEmpty, "index 0 is no longer shown by any row")

    let new = try await list.dispatch(SetRow(index: 1, value: 41))
    #expect(list.backend.counts == MutationCounts(updateProps: 1))
    #expect(new.count == 1)
    #expect(list.value(ofRow: 0) == 41)
  }

  @Test("an unmounted row no longer hears the store")
  func unmountedRowUnsubscribes() async throws {
    let list = try await RowList(rows: 10)
    try await list.dispatch(SetCount(value: 5))
    #expect(list.renderer.connectedNodeCount == 6, "5 rows and the list")
    let before = list.renderer.storeUpdateCount

    let log = try await list.dispatch(SetRow(index: 8, value: 9))

    #expect(log.isEmpty)
    #expect(list.renderer.storeUpdateCount == before)
  }

  @Test("rows mounted after store updates that woke nobody show the newest state")
  func mountedAfterQuietUpdates() async throws {
    let list = try await RowList(rows: 10, shown: 2)
    // Rows 5 and 6 are not mounted: these updates reach no listener and wake no node.
    try await list.dispatch(SetRow(index: 5, value: 50))
    try await list.dispatch(SetRow(index: 6, value: 60))

    try await list.dispatch(SetCount(value: 7))

    #expect(list.value(ofRow: 5) == 50)
    #expect(list.value(ofRow: 6) == 60)
  }

  @Test("a released renderer's rows stop listening: later updates reach nothing")
  func releasedRendererUnsubscribes() async throws {
    let store = try await makeRowsStore(rows: 10)
    weak var released: Renderer?
    do {
      let renderer = Renderer(rootDescription: RowListScreen(props: RowListProps()), store: store)
      renderer.render(in: RecordingBackend(containerSize: Size(width: 100, height: 100)))
      await renderer.settle()
      released = renderer
    }
    #expect(released == nil)
    RowRenders.count = 0
    try await store.dispatch(SetRow(index: 3, value: 3)).value
    #expect(RowRenders.count == 0)
  }
}

// MARK: - A list of connected rows

/// The rows' values, how many rows are shown and from which index.
struct RowsState: State {
  var rows: [Int] = []
  var count = 0
  var offset = 0
  var unrelated = 0
}

typealias RowsStore = Store<RowsState, EmptySideEffectDependencyContainer>

struct SetRow: StateUpdater {
  let index: Int
  let value: Int
  func updateState(_ state: inout RowsState) { state.rows[index] = value }
}

struct SetCount: StateUpdater {
  let value: Int
  func updateState(_ state: inout RowsState) { state.count = value }
}

struct SetOffset: StateUpdater {
  let value: Int
  func updateState(_ state: inout RowsState) { state.offset = value }
}

struct SetUnrelated: StateUpdater {
  let value: Int
  func updateState(_ state: inout RowsState) { state.unrelated = value }
}

struct ReplaceRows: StateUpdater {
  let state: RowsState
  func updateState(_ current: inout RowsState) { current = state }
}

/// A ready store with `rows` rows, each valued its index, all shown.
func makeRowsStore(rows: Int) async throws -> RowsStore {
  let store = RowsStore()
  try await store.dispatch(ReplaceRows(state: RowsState(rows: Array(0..<rows), count: rows))).value
  return store
}

/// How many times rows rendered their children (on mount and on each re-render).
@MainActor
enum RowRenders {
  static var count = 0
}

struct RowProps: NodeDescriptionProps {
  var index = 0
  var value = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A row connected to `rows[index]`.
struct ConnectedRow: ConnectedNodeDescription {
  var props: RowProps

  static func connect(props: inout RowProps, to storeState: RowsState) {
    props.value = storeState.rows[props.index]
  }

  static func childrenDescriptions(
    props: RowProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    RowRenders.count += 1
    return []
  }
}

struct RowListProps: NodeDescriptionProps {
  var count = 0
  var offset = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// Connected to the count and offset only: row `i`, keyed "row i", shows `rows[offset + i]`.
struct RowListScreen: ConnectedNodeDescription {
  var props: RowListProps

  static func connect(props: inout RowListProps, to storeState: RowsState) {
    props.count = storeState.count
    props.offset = storeState.offset
  }

  static func childrenDescriptions(
    props: RowListProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    (0..<props.count).map { row -> AnyNodeDescription in
      let frame = Rect(x: 0, y: Double(row), width: 10, height: 1)
      return ConnectedRow(props: RowProps(index: props.offset + row, frame: frame, key: "row \(row)"))
    }
  }
}

/// A store, a recording backend and a renderer showing ``RowListScreen``.
@MainActor
struct RowList {
  let store: RowsStore
  let backend = RecordingBackend(containerSize: Size(width: 100, height: 1_000))
  let renderer: Renderer

  /// `rows` rows, each valued its index, the first `shown` of them (all by default) shown.
  init(rows: Int, shown: Int? = nil) async throws {
    store = try await makeRowsStore(rows: rows)
    if let shown { try await store.dispatch(SetCount(value: shown)).value }
    renderer = Renderer(rootDescription: RowListScreen(props: RowListProps()), store: store)
    renderer.render(in: backend)
    await renderer.settle()
  }

  /// Dispatches, waits for the update to be rendered, and returns what it logged.
  @discardableResult
  func dispatch<U: StateUpdater>(_ updater: U) async throws -> [Mutation] where U.StateType == RowsState {
    backend.clearLog()
    try await store.dispatch(updater).value
    await renderer.settle()
    return backend.log
  }

  /// The value row `row` shows.
  func value(ofRow row: Int) -> Int? {
    (backend.firstView(withKey: "row \(row)")?.props as? RowProps)?.value
  }
}
