import Foundation
import Katana
import KatanaUI
import Testing

@testable import KatanaTerminal

// MARK: A list screen: a button, a table of button rows, a button.

struct ListState: State, Equatable {
  var titles = (0..<40).map { "row \($0)" }
}

struct Rename: StateUpdater {
  let index: Int
  let title: String
  func updateState(_ state: inout ListState) { state.titles[index] = title }
}

struct KeepFirst: StateUpdater {
  let count: Int
  func updateState(_ state: inout ListState) { state.titles = Array(state.titles.prefix(count)) }
}

/// One focusable button per title, one terminal row (two points) each.
struct ButtonRows: TableDelegate {
  let titles: [String]

  func numberOfRows(forSection section: Int) -> Int { titles.count }

  func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription {
    Button(props: ButtonProps.build { $0.titles[.normal] = titles[indexPath.row] })
  }

  func height(forRowAt indexPath: TableIndexPath) -> Value { .fixed(2) }

  func isEqual(to other: any TableDelegate) -> Bool { (other as? ButtonRows)?.titles == titles }
}

struct ListScreenProps: NodeDescriptionProps {
  var titles: [String] = []
  var windowed = false
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// On a 20×8 terminal: "top" on row 0, the table on rows 1–5, "end" on row 6.
struct ListScreen: ConnectedNodeDescription {
  typealias StoreState = ListState
  var props: ListScreenProps

  static func connect(props: inout ListScreenProps, to storeState: ListState) {
    props.titles = storeState.titles
  }

  static func childrenDescriptions(
    props: ListScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      Button(props: ButtonProps.build {
        $0.frame = Rect(x: 0, y: 0, width: 10, height: 2)
        $0.titles[.normal] = "top"
      }),
      Table(props: TableProps.build {
        $0.frame = Rect(x: 0, y: 2, width: 20, height: 10)
        $0.delegate = ButtonRows(titles: props.titles)
        $0.mountsOnlyVisibleRows = props.windowed
      }),
      Button(props: ButtonProps.build {
        $0.frame = Rect(x: 0, y: 12, width: 10, height: 2)
        $0.titles[.normal] = "end"
      }),
    ]
  }
}

/// The list screen on a store, a renderer and a terminal backend; the focus starts on "top".
@MainActor
struct ListFixture {
  let store: Store<ListState, EmptySideEffectDependencyContainer>
  let backend = TerminalBackend(size: TerminalSize(columns: 20, rows: 8), colorSupport: .none)
  let renderer: Renderer

  init(windowed: Bool = false, state: ListState = ListState()) async {
    store = Store(interceptors: [], stateInitializer: { state })
    await store.waitUntilReady()
    var props = ListScreenProps()
    props.windowed = windowed
    renderer = Renderer(rootDescription: ListScreen(props: props), store: store)
    renderer.render(in: backend)
    await renderer.settle()
  }

  /// Handles a key, then lets the renderer catch up (a windowed table moves its rows).
  func press(_ key: TerminalKey, times: Int = 1) async {
    for _ in 0..<times {
      backend.handle(.key(TerminalKeyPress(key)))
      await renderer.settle()
    }
  }

  func wheel(_ button: MouseEvent.Button, times: Int) async {
    for _ in 0..<times {
      backend.handle(.mouse(MouseEvent(button: button, action: .press, column: 5, row: 3)))
      await renderer.settle()
    }
  }

  /// The title of the focused button.
  var focused: String? {
    backend.focusedNode.flatMap { (backend.nodes[$0]?.props as? ButtonProps)?.titles[.normal] }
  }

  /// The table's five lines as drawn, titles only (brackets of the focus removed).
  var tableLines: [String] {
    backend.renderedText().split(separator: "\n", omittingEmptySubsequences: false)
      .dropFirst().prefix(5)
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " []")) }
  }

  /// How many rows of the table are mounted in the backend.
  var mountedRows: Int {
    backend.nodes.values.filter { $0.props is TableRowProps }.count
  }
}

@MainActor
@Suite("Terminal tables and the focus")
struct TerminalTableFocusTests {
  @Test("Down walks every row of a table one by one, each focused row scrolled into view, then leaves it")
  func downWalksRows() async {
    let fixture = await ListFixture()
    #expect(fixture.focused == "top")
    await fixture.press(.down)
    #expect(fixture.focused == "row 0")
    for index in 1..<40 {
      await fixture.press(.down)
      #expect(fixture.focused == "row \(index)")
      #expect(fixture.tableLines.contains("row \(index)"), "row \(index) is not in view: \(fixture.tableLines)")
    }
    #expect(fixture.tableLines == ["row 35", "row 36", "row 37", "row 38", "row 39"])
    await fixture.press(.down)
    #expect(fixture.focused == "end")
    await fixture.press(.up)
    #expect(fixture.focused == "row 39")
    await fixture.press(.up, times: 39)
    #expect(fixture.focused == "row 0")
    #expect(fixture.tableLines.first == "row 0")
    await fixture.press(.up)
    #expect(fixture.focused == "top")
  }

  @Test("in a table that mounts only its visible rows, Down and Page Down still reach the last row")
  func windowedReachesEnd() async {
    var state = ListState()
    state.titles = (0..<300).map { "row \($0)" }
    let fixture = await ListFixture(windowed: true, state: state)
    #expect(fixture.mountedRows < 30)
    await fixture.press(.down, times: 300)
    #expect(fixture.focused == "row 299")
    #expect(fixture.tableLines.last == "row 299")
    #expect(fixture.mountedRows < 30)
    await fixture.press(.pageUp, times: 100)
    #expect(fixture.focused == "row 0")
    #expect(fixture.tableLines.first == "row 0")
    await fixture.press(.pageDown, times: 100)
    #expect(fixture.focused == "row 299")
    #expect(fixture.tableLines.last == "row 299")
  }

  @Test("Page Down moves the focus a page with the rows, and lands on the last row at the end")
  func pageDownCarriesFocus() async {
    let fixture = await ListFixture()
    await fixture.press(.down, times: 2)
    #expect(fixture.focused == "row 1")
    // A page is the table's height less one row: 4 rows.
    await fixture.press(.pageDown)
    #expect(fixture.tableLines == ["row 4", "row 5", "row 6", "row 7", "row 8"])
    #expect(fixture.focused == "row 5")
    await fixture.press(.pageDown, times: 8)
    #expect(fixture.tableLines == ["row 35", "row 36", "row 37", "row 38", "row 39"])
    #expect(fixture.focused == "row 39")
    await fixture.press(.pageUp)
    #expect(fixture.focused == "row 35")
    #expect(fixture.tableLines.first == "row 31")
  }

  @Test("Page Down with the focus outside the table scrolls the table and leaves the focus")
  func pageDownFromOutside() async {
    let fixture = await ListFixture()
    await fixture.press(.pageDown)
    #expect(fixture.focused == "top")
    #expect(fixture.tableLines.first == "row 4")
  }

  @Test("Down from outside a scrolled table enters it at a row in view")
  func entersAtVisibleRow() async {
    let fixture = await ListFixture()
    await fixture.wheel(.wheelDown, times: 10)
    #expect(fixture.tableLines.first == "row 10")
    #expect(fixture.focused == "top")
    await fixture.press(.down)
    #expect(fixture.focused == "row 10")
    #expect(fixture.tableLines.first == "row 10")
  }

  @Test("the wheel scrolls without moving the focus; a focused row unmounted by it hands the focus to a row in view")
  func wheelKeepsFocusInTable() async throws {
    var state = ListState()
    state.titles = (0..<300).map { "row \($0)" }
    let fixture = await ListFixture(windowed: true, state: state)
    await fixture.press(.down, times: 3)
    #expect(fixture.focused == "row 2")
    await fixture.wheel(.wheelDown, times: 3)
    #expect(fixture.focused == "row 2")
    #expect(fixture.tableLines.first == "row 3")
    // Far enough for the window to unmount row 2 (and later the rows the focus went to): the
    // focus stays in the list, on a row that was in view when its previous row was unmounted.
    await fixture.wheel(.wheelDown, times: 40)
    #expect(fixture.tableLines.first == "row 43")
    let focused = try #require(fixture.focused)
    let index = try #require(Int(focused.dropFirst("row ".count)), "the focus left the list: \(focused)")
    #expect((3...47).contains(index))
    // From there the arrows go on through the list, and bring the focus back into view.
    await fixture.press(.down)
    #expect(fixture.focused == "row \(index + 1)")
    #expect(fixture.tableLines.contains("row \(index + 1)"))
  }

  @Test("deleting the focused row hands the focus to the row now at its place")
  func deletedRowFocus() async {
    let fixture = await ListFixture()
    await fixture.press(.down, times: 40)
    #expect(fixture.focused == "row 39")
    fixture.renderer.dispatcher(KeepFirst(count: 39))
    await fixture.renderer.settle()
    #expect(fixture.focused == "row 38")
  }

  @Test("a scrolled table whose rows were removed scrolls back, so no empty lines show below its last row")
  func shrinkScrollsBack() async {
    let fixture = await ListFixture()
    await fixture.wheel(.wheelDown, times: 35)
    #expect(fixture.tableLines.first == "row 35")
    fixture.renderer.dispatcher(KeepFirst(count: 20))
    await fixture.renderer.settle()
    #expect(fixture.tableLines == ["row 15", "row 16", "row 17", "row 18", "row 19"])
    fixture.renderer.dispatcher(KeepFirst(count: 3))
    await fixture.renderer.settle()
    #expect(fixture.tableLines == ["row 0", "row 1", "row 2", "", ""])
  }

  @Test("the scroll position and the focus survive a re-render of the rows")
  func scrollSurvivesRerender() async {
    let fixture = await ListFixture(windowed: true)
    await fixture.press(.down, times: 25)
    #expect(fixture.focused == "row 24")
    let lines = fixture.tableLines
    #expect(lines == ["row 20", "row 21", "row 22", "row 23", "row 24"])
    fixture.renderer.dispatcher(Rename(index: 22, title: "renamed"))
    await fixture.renderer.settle()
    #expect(fixture.tableLines == ["row 20", "row 21", "renamed", "row 23", "row 24"])
    #expect(fixture.focused == "row 24")
  }
}
