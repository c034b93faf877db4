import Katana
import Testing

@testable import KatanaUI

/// Collects the refs a table hands out and what the backend knew when each arrived.
@MainActor
final class RefLog {
  var refs: [TableRef] = []
  /// For each callback: whether the backend already had the table's view, inserted.
  var viewExisted: [Bool] = []
}

/// Props of ``ScrollingScreen``: the row count comes from the store (`AppState.a`), and
/// `AppState.b` is the row to scroll to when it changes.
struct ScrollingScreenProps: NodeDescriptionProps {
  var rows = 0
  var target = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A connected screen holding one table; when `target` changes it scrolls the table to that row
/// from `descriptionWillReceiveProps`, that is, during a render pass.
struct ScrollingScreen: ConnectedNodeDescription {
  var props: ScrollingScreenProps

  @MainActor static var log = RefLog()
  @MainActor static var backend: RecordingBackend?

  static func connect(props: inout ScrollingScreenProps, to storeState: AppState) {
    props.rows = storeState.a
    props.target = storeState.b
  }

  static func descriptionWillReceiveProps(
    state: EmptyState, currentProps: ScrollingScreenProps, nextProps: ScrollingScreenProps, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) {
    guard nextProps.target != currentProps.target else { return }
    log.refs.last?.scroll(at: TableIndexPath(section: 0, row: nextProps.target), at: .middle, animated: true)
  }

  static func childrenDescriptions(
    props: ScrollingScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let log = log
    let backend = backend
    return [
      Table(
        props: TableProps.build {
          $0.key = "table"
          $0.frame = Rect(x: 0, y: 0, width: 100, height: 100)
          $0.delegate = RowsDelegate(rows: props.rows)
          $0.refCallback = { ref in
            log.refs.append(ref)
            let view = backend?.view(ref.nativeView.node)
            log.viewExisted.append(view?.parent != nil)
          }
        })
    ]
  }
}

@MainActor
@Suite("Refs", .serialized)
struct RefTests {
  /// A rendered `ScrollingScreen` with `rows` rows and a fresh ref log.
  func harness(rows: Int = 3) async throws -> RendererHarness {
    ScrollingScreen.log = RefLog()
    let backend = RecordingBackend()
    ScrollingScreen.backend = backend
    let store = try await makeStore(AppState(a: rows))
    let renderer = Renderer(rootDescription: ScrollingScreen(props: .init()), store: store)
    renderer.render(in: backend)
    return RendererHarness(store: store, backend: backend, renderer: renderer)
  }

  @Test("the ref callback fires once the table's view exists, with a valid ref to that view")
  func callbackAfterMount() async throws {
    let harness = try await harness()
    let log = ScrollingScreen.log
    let table = try #require(harness.backend.firstView(withKey: "table"))
    #expect(log.refs.count == 1)
    #expect(log.viewExisted == [true])
    #expect(log.refs.first?.nativeView.node == table.id)
    #expect(log.refs.first?.isValid == true)
  }

  @Test("the ref callback fires again after each update of the table, not when the update is skipped")
  func callbackAfterEveryApply() async throws {
    let harness = try await harness()
    try await harness.dispatch(SetA(value: 4))
    #expect(ScrollingScreen.log.refs.count == 2)
    // The screen re-renders (its target changed) but the table's props are equal: the table's
    // update is skipped, and so is its callback.
    let mutations = try await harness.dispatch(SetB(value: 1))
    #expect(MutationCounts(mutations) == MutationCounts(updateProps: 1, command: 1))  // the screen only
    #expect(ScrollingScreen.log.refs.count == 2)
    try await harness.dispatch(SetA(value: 2))
    #expect(ScrollingScreen.log.refs.count == 3)
    #expect(ScrollingScreen.log.viewExisted == [true, true, true])
  }

  @Test("scroll(at:at:animated:) outside a render reaches the backend at once as one command")
  func scrollOutsideRender() async throws {
    let harness = try await harness()
    let ref = try #require(ScrollingScreen.log.refs.last)
    harness.backend.clearLog()
    let sent = ref.scroll(at: TableIndexPath(section: 1, row: 0), at: .bottom, animated: false)
    #expect(sent)
    #expect(harness.backend.batchCount == 1)
    #expect(harness.backend.log.count == 1)
    guard case .command(let id, let command) = harness.backend.log.first else {
      Issue.record("expected a command, got \(harness.backend.log)")
      return
    }
    #expect(id == ref.nativeView.node)
    #expect(command == .scrollToRow(TableIndexPath(section: 1, row: 0), position: .bottom, animated: false))
    #expect(harness.backend.view(id)?.commands == [command])
    #expect(harness.backend.counts == MutationCounts(command: 1))
    #expect(harness.backend.violations.isEmpty)
  }

  @Test("a scroll requested during a render pass is sent last in that pass's batch")
  func scrollDuringRender() async throws {
    let harness = try await harness()
    let mutations = try await harness.dispatch(Replace(state: AppState(a: 5, b: 4)))
    #expect(harness.backend.batchCount == 1)
    #expect(MutationCounts(mutations).create > 0)  // the two new rows
    guard case .command(_, let command) = mutations.last else {
      Issue.record("expected the command last, got \(mutations)")
      return
    }
    #expect(command == .scrollToRow(TableIndexPath(section: 0, row: 4), position: .middle, animated: true))
    #expect(harness.backend.violations.isEmpty)
  }

  @Test("a Top button scrolls the table through the ref its callback stored (the CodingLove sample)")
  func topButton() throws {
    let controls = FeedControls()
    let backend = RecordingBackend()
    let renderer = Renderer(rootDescription: Feed(props: FeedProps(controls: controls)), store: nil)
    renderer.render(in: backend)
    let table = try #require(backend.firstView(withKey: "posts"))
    backend.clearLog()
    #expect(backend.send(.tap, toKey: "top"))
    #expect(backend.batchCount == 1)
    #expect(backend.view(table.id)?.commands == [.scrollToRow(TableIndexPath(section: 0, row: 0), position: .top, animated: true)])
    withExtendedLifetime(renderer) {}
  }

  @Test("a ref to an unmounted view is invalid and sends nothing")
  func invalidAfterUnmount() async throws {
    let backend = RecordingBackend()
    let store = try await makeStore(AppState(items: ["a"]))
    var refs: [TableRef] = []
    let root = TableList(props: TableListProps(onRef: { refs.append($0) }))
    let renderer = Renderer(rootDescription: root, store: store)
    renderer.render(in: backend)
    let ref = try #require(refs.first)
    #expect(ref.isValid)
    try await store.dispatch(SetItems(items: [])).value
    await renderer.settle()
    #expect(backend.viewCount == 1)  // only the list is left
    #expect(!ref.isValid)
    backend.clearLog()
    #expect(!ref.scroll(at: TableIndexPath(section: 0, row: 0), at: .top, animated: false))
    #expect(!ref.nativeView.send(.scrollToRow(TableIndexPath(section: 0, row: 0), position: .top, animated: false)))
    #expect(backend.log.isEmpty)
  }

  @Test("a ref does not keep its renderer alive and is invalid once the renderer is gone")
  func refHoldsRendererWeakly() async throws {
    let store = try await makeStore(AppState(items: ["a"]))
    var refs: [TableRef] = []
    weak var weakRenderer: Renderer?
    do {
      let backend = RecordingBackend()
      let renderer = Renderer(rootDescription: TableList(props: TableListProps(onRef: { refs.append($0) })), store: store)
      weakRenderer = renderer
      renderer.render(in: backend)
      #expect(refs.first?.isValid == true)
    }
    #expect(weakRenderer == nil)
    #expect(refs.count == 1)
    #expect(refs.first?.isValid == false)
  }
}

/// Props of ``TableList``: how many tables, and where their refs go (not compared).
struct TableListProps: NodeDescriptionProps {
  var tables = 0
  var onRef: RefCallback<TableRef>?
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.tables == rhs.tables && lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key
  }
}

/// One empty table per item of `AppState.items` (connected), each handing its ref to `onRef`.
struct TableList: ConnectedNodeDescription {
  var props: TableListProps

  static func connect(props: inout TableListProps, to storeState: AppState) {
    props.tables = storeState.items.count
  }

  static func childrenDescriptions(
    props: TableListProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    (0..<props.tables).map { index in
      Table(props: TableProps.build {
        $0.key = "table \(index)"
        $0.refCallback = props.onRef
      })
    }
  }
}

/// Where the feed keeps its table's ref.
@MainActor
final class FeedControls {
  var table: TableRef?
}

struct FeedProps: NodeDescriptionProps {
  var controls: FeedControls
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.controls === rhs.controls && lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key
  }
}

/// A table of posts and a "Top" button that scrolls it back to the first row.
struct Feed: NodeDescription {
  var props: FeedProps

  static func childrenDescriptions(
    props: FeedProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let controls = props.controls
    return [
      Table(props: TableProps.build {
        $0.key = "posts"
        $0.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        $0.delegate = RowsDelegate(rows: 20)
        $0.refCallback = { controls.table = $0 }
      }),
      Button(props: ButtonProps.build {
        $0.key = "top"
        $0.touchHandlers = [
          .touchUpInside: {
            controls.table?.scroll(at: TableIndexPath(section: 0, row: 0), at: .top, animated: true)
          }
        ]
      }),
    ]
  }
}
