import Katana
import Testing

@testable import KatanaUI

/// `count` rows of 40 points in one section, each a keyed label.
struct ManyRowsDelegate: TableDelegate, Equatable {
  var count: Int

  func numberOfRows(forSection section: Int) -> Int { count }
  func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription {
    Label(props: LabelProps.build {
      $0.key = "cell \(indexPath.row)"
      $0.text = "row \(indexPath.row)"
    })
  }
  func height(forRowAt indexPath: TableIndexPath) -> Value { .fixed(40) }
  func isEqual(to other: any TableDelegate) -> Bool { (other as? ManyRowsDelegate) == self }
}

@MainActor
@Suite("Tables mounting only their visible rows")
struct TableWindowTests {
  /// A 400-point-high table of `count` rows, rendered alone; the ref it handed out.
  func render(count: Int = 1000, windowed: Bool = true) -> (RecordingBackend, Renderer, TableRef?) {
    var ref: TableRef?
    let table = Table(props: TableProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 300, height: 400)
      $0.delegate = ManyRowsDelegate(count: count)
      $0.mountsOnlyVisibleRows = windowed
      $0.refCallback = { ref = $0 }
    })
    let backend = RecordingBackend(containerSize: Size(width: 300, height: 400))
    let renderer = Renderer(rootDescription: table, store: nil)
    renderer.render(in: backend)
    return (backend, renderer, ref)
  }

  /// The row numbers mounted in the table, in order, and their frames' tops.
  func mountedRows(_ backend: RecordingBackend) -> [Int] {
    guard let table = backend.rootChildren.first else { return [] }
    return backend.children(of: table).compactMap { backend.props(of: $0, as: TableRowProps.self)?.indexPath.row }
  }

  @Test("only the rows from one height above to two and a half heights below the top are mounted")
  func initialWindow() throws {
    let (backend, renderer, _) = render()
    #expect(mountedRows(backend) == Array(0...25))  // rows 0 to 25 start within 1000 points
    let table = try #require(backend.rootChildren.first)
    let rows = backend.children(of: table)
    #expect(backend.view(rows[1])?.frame == Rect(x: 0, y: 40, width: 300, height: 40))
    #expect(backend.viewCount == 1 + 26 * 2)  // the table, and a row plus its cell per row
    #expect(renderer.mountedNodeCount == backend.viewCount)
  }

  @Test("a negative height or a non-finite offset mounts the first row only, without trapping")
  func badGeometry() throws {
    let table = Table(props: TableProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 300, height: -50)
      $0.delegate = ManyRowsDelegate(count: 100)
      $0.mountsOnlyVisibleRows = true
    })
    let backend = RecordingBackend()
    let renderer = Renderer(rootDescription: table, store: nil)
    renderer.render(in: backend)
    #expect(mountedRows(backend) == [0])
    let tableID = try #require(backend.rootChildren.first)
    backend.clearLog()
    backend.send(.tableDidScroll(offset: .nan), to: tableID)
    backend.send(.tableDidScroll(offset: -.infinity), to: tableID)
    renderer.flush()
    #expect(backend.log.isEmpty)
  }

  @Test("without the option every row is mounted")
  func everyRowByDefault() {
    let (backend, _, _) = render(count: 100, windowed: false)
    #expect(mountedRows(backend) == Array(0..<100))
  }

  @Test("scrolling within half a height re-renders nothing; further, the window slides without moves")
  func windowFollowsScroll() async throws {
    let (backend, renderer, _) = render()
    let table = try #require(backend.rootChildren.first)
    backend.clearLog()
    backend.send(.tableDidScroll(offset: 150), to: table)
    await renderer.settle()
    #expect(backend.log.isEmpty)

    backend.send(.tableDidScroll(offset: 610), to: table)
    await renderer.settle()
    // Anchor 600: rows ending at or after 200 and starting at or before 1600.
    #expect(mountedRows(backend) == Array(4...40))
    #expect(backend.counts == MutationCounts(create: 30, insert: 30, remove: 4))
    #expect(backend.violations.isEmpty)

    backend.clearLog()
    backend.send(.tableDidScroll(offset: 0), to: table)
    await renderer.settle()
    #expect(mountedRows(backend) == Array(0...25))
    #expect(backend.counts == MutationCounts(create: 8, insert: 8, remove: 15))
    #expect(backend.violations.isEmpty)
  }

  @Test("a TableRef scroll to an unmounted row mounts it first, then sends the command in the same batch")
  func scrollMountsTarget() throws {
    let (backend, renderer, ref) = render()
    defer { withExtendedLifetime(renderer) {} }
    let tableRef = try #require(ref)
    backend.clearLog()
    let target = TableIndexPath(section: 0, row: 900)
    tableRef.scroll(at: target, at: .top, animated: false)
    #expect(backend.batchCount == 1)
    guard case .command(let id, let command) = backend.log.last else {
      Issue.record("expected the command last, got \(backend.log)")
      return
    }
    #expect(id == tableRef.nativeView.node)
    #expect(command == .scrollToRow(target, position: .top, animated: false))
    // Anchor 36,000 (row 900's top): rows ending at or after 35,600 and starting at or before 37,000.
    #expect(mountedRows(backend) == Array(889...925))
    #expect(backend.violations.isEmpty)

    // A row already mounted: the command alone.
    backend.clearLog()
    tableRef.scroll(at: TableIndexPath(section: 0, row: 905), at: .middle, animated: true)
    #expect(backend.counts == MutationCounts(command: 1))
  }

  @Test("a scroll to a row that does not exist is sent as is and mounts nothing new")
  func scrollToMissingRow() throws {
    let (backend, renderer, ref) = render(count: 10)
    defer { withExtendedLifetime(renderer) {} }
    let tableRef = try #require(ref)
    backend.clearLog()
    tableRef.scroll(at: TableIndexPath(section: 3, row: 0), at: .top, animated: false)
    #expect(backend.counts == MutationCounts(command: 1))
  }

  @Test("the window survives a re-render of the screen around it: a store change keeps the rows in view mounted")
  func windowSurvivesRerender() async throws {
    let harness = try await RendererHarness(ConnectedRows(props: ConnectedRowsProps()), state: AppState(a: 1000))
    let table = try #require(harness.rootChildren.first)
    harness.backend.send(.tableDidScroll(offset: 610), to: table)
    await harness.renderer.settle()
    #expect(mountedRows(in: table, harness.backend) == Array(4...40))

    // One row fewer: the table is the same view, its window where it was, its rows updated in place.
    let log = try await harness.dispatch(SetA(value: 999))
    #expect(harness.rootChildren.first == table)
    #expect(mountedRows(in: table, harness.backend) == Array(4...40))
    #expect(MutationCounts(log).create == 0 && MutationCounts(log).remove == 0)
  }

  func mountedRows(in table: NodeID, _ backend: RecordingBackend) -> [Int] {
    backend.children(of: table).compactMap { backend.props(of: $0, as: TableRowProps.self)?.indexPath.row }
  }
}

struct ConnectedRowsProps: NodeDescriptionProps {
  var count = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A screen whose only child is a 400-point windowed table of `AppState.a` rows.
struct ConnectedRows: ConnectedNodeDescription {
  typealias StoreState = AppState
  var props: ConnectedRowsProps

  static func connect(props: inout ConnectedRowsProps, to storeState: AppState) {
    props.count = storeState.a
  }

  static func childrenDescriptions(
    props: ConnectedRowsProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Table(props: TableProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 300, height: 400)
      $0.delegate = ManyRowsDelegate(count: props.count)
      $0.mountsOnlyVisibleRows = true
    })]
  }
}
