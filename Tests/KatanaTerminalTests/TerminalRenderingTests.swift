import Katana
import KatanaUI
import Testing

@testable import KatanaTerminal

// MARK: A tiny app: a grid of connected cells and a text field.

struct GridState: State, Equatable {
  var values = Array(repeating: 0, count: 81)
  var name = ""
}

struct SetValue: StateUpdater {
  let index: Int
  let value: Int
  func updateState(_ state: inout GridState) { state.values[index] = value }
}

struct SetName: StateUpdater {
  let name: String
  func updateState(_ state: inout GridState) { state.name = name }
}

struct GridCellProps: NodeDescriptionProps {
  var index = 0
  var value = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// One cell, connected on its own: a one-character label.
struct GridCell: ConnectedNodeDescription {
  typealias StoreState = GridState
  var props: GridCellProps

  static func connect(props: inout GridCellProps, to storeState: GridState) {
    props.value = storeState.values[props.index]
  }

  static func childrenDescriptions(
    props: GridCellProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Label(props: LabelProps.build {
      $0.frame = Rect(origin: .zero, size: props.frame.size)
      $0.text = String(props.value)
      $0.textAlignment = .center
    })]
  }
}

struct NameFieldProps: NodeDescriptionProps {
  var name = ""
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A text field fed from and writing to the store.
struct NameField: ConnectedNodeDescription {
  typealias StoreState = GridState
  var props: NameFieldProps

  static func connect(props: inout NameFieldProps, to storeState: GridState) {
    props.name = storeState.name
  }

  static func childrenDescriptions(
    props: NameFieldProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [TextField(props: TextFieldProps.build {
      $0.frame = Rect(origin: .zero, size: props.frame.size)
      $0.text = props.name
      $0.placeholder = "name"
      $0.onChange = { dispatch(SetName(name: $0)) }
    })]
  }
}

@MainActor
func gridApp() -> View {
  View(props: ViewProps.build { root in
    var children: [AnyNodeDescription] = []
    for index in 0..<81 {
      var cell = GridCellProps()
      cell.index = index
      cell.key = "cell-\(index)"
      // 9x9 cells of 3 columns x 1 row (3x2 points).
      cell.frame = Rect(x: Double(index % 9) * 3, y: Double(index / 9) * 2, width: 3, height: 2)
      children.append(GridCell(props: cell))
    }
    var field = NameFieldProps()
    field.frame = Rect(x: 0, y: 20, width: 12, height: 2)
    children.append(NameField(props: field))
    root.children = children
  })
}

/// One row of the backend's current frame, trailing spaces trimmed.
@MainActor
func row(_ row: Int, of backend: TerminalBackend) -> String {
  var grid = CellGrid(size: backend.size)
  backend.draw(into: &grid)
  var line = grid.text(ofRow: row)
  while line.last == " " { line.removeLast() }
  return line
}

@MainActor
@Suite("Rendering KatanaUI on the terminal backend")
struct TerminalRenderingTests {
  @Test("a store change that touches one connected cell rewrites only that cell's characters")
  func onlyChangedCellsRedraw() async throws {
    let store = Store<GridState, EmptySideEffectDependencyContainer>()
    let backend = TerminalBackend(size: TerminalSize(columns: 30, rows: 12), colorSupport: .none)
    let renderer = Renderer(rootDescription: gridApp(), store: store)
    renderer.render(in: backend)
    var screen = ScreenBuffer(size: backend.size, colorSupport: .none)
    backend.draw(into: &screen.back)
    _ = screen.present()
    #expect(screen.front.text(ofRow: 0).hasPrefix(" 0  0  0"))

    let before = backend.appliedMutationCount
    renderer.dispatcher(SetValue(index: 40, value: 7))  // column 4, row 4
    await renderer.settle()
    // The connected cell and its label, nothing else.
    #expect(backend.appliedMutationCount - before <= 2)
    backend.draw(into: &screen.back)
    #expect(screen.present() == "\u{1B}[5;14H7")
  }

  @Test("typing into a focused text field reaches its onChange, and the store's text is drawn")
  func textFieldInput() async throws {
    let store = Store<GridState, EmptySideEffectDependencyContainer>()
    let backend = TerminalBackend(size: TerminalSize(columns: 30, rows: 12), colorSupport: .none)
    let renderer = Renderer(rootDescription: gridApp(), store: store)
    renderer.render(in: backend)
    // The only focusable node took the focus; without it the placeholder shows.
    backend.focusedNode = nil
    #expect(row(10, of: backend) == "name")
    guard let field = backend.nodes.values.first(where: { $0.kind == .textField })?.id else {
      Issue.record("no text field")
      return
    }
    #expect(backend.focus(field))
    var parser = InputParser()
    for event in parser.parse(Array("Ada\u{7F}a".utf8)) { backend.handle(event) }
    await renderer.settle()
    #expect(store.state.name == "Ada")
    #expect(row(10, of: backend) == "Ada")
  }
}

@MainActor
@Suite("Element drawing")
struct ElementDrawingTests {
  /// Renders `children` (frames in points) on a 20x5 terminal and returns its text.
  func draw(_ children: [AnyNodeDescription], usesUnicode: Bool = true, focus: Bool = false) -> (TerminalBackend, String) {
    let (backend, _, text) = render(children, usesUnicode: usesUnicode, focus: focus)
    return (backend, text)
  }

  /// Like `draw`, also returning the renderer, which must stay alive for events to be handled.
  func render(
    _ children: [AnyNodeDescription], usesUnicode: Bool = true, focus: Bool = false
  ) -> (TerminalBackend, Renderer, String) {
    let backend = TerminalBackend(size: TerminalSize(columns: 20, rows: 5), colorSupport: .none, usesUnicode: usesUnicode)
    let renderer = Renderer(rootDescription: View(props: ViewProps.build { $0.children = children }), store: nil)
    renderer.render(in: backend)
    if !focus { backend.focusedNode = nil }
    return (backend, renderer, backend.renderedText())
  }

  func label(_ text: String, _ alignment: TextAlignment, width: Double = 10, mode: LineBreakMode = .byTruncatingTail) -> AnyNodeDescription {
    Label(props: LabelProps.build {
      $0.frame = Rect(x: 0, y: 0, width: width, height: 2)
      $0.text = text
      $0.textAlignment = alignment
      $0.lineBreakMode = mode
    })
  }

  @Test("labels align left, centre and right inside their frame")
  func alignment() {
    #expect(draw([label("ab", .left)]).1 == "ab")
    #expect(draw([label("ab", .center)]).1 == "    ab")
    #expect(draw([label("ab", .right)]).1 == "        ab")
  }

  @Test("long labels are truncated with an ellipsis, or clipped, as their line break mode says")
  func truncation() {
    #expect(draw([label("Count: 12345", .left, width: 8)]).1 == "Count: …")
    #expect(draw([label("Count: 12345", .left, width: 8)], usesUnicode: false).1 == "Count...")
    #expect(draw([label("Count: 12345", .left, width: 8, mode: .byClipping)]).1 == "Count: 1")
    #expect(draw([label("Count: 12345", .left, width: 8, mode: .byTruncatingHead)]).1 == "…: 12345")
  }

  @Test("wrapping labels break at spaces over as many lines as fit")
  func wrapping() {
    let wrapped = Label(props: LabelProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 9, height: 6)
      $0.text = "one two three four"
      $0.lineBreakMode = .byWordWrapping
      $0.numberOfLines = 0
    })
    #expect(draw([wrapped]).1 == "one two\nthree\nfour")
  }

  @Test("labels mixing wide characters, emoji and combining marks are measured in columns")
  func wideLabels() {
    // "牛奶 🥛" is 7 columns: centred in 10 it starts at column 1, right-aligned at column 3.
    #expect(draw([label("牛奶 🥛", .center)]).1 == " 牛奶 🥛")
    #expect(draw([label("牛奶 🥛", .right)]).1 == "   牛奶 🥛")
    #expect(draw([label("Cafe\u{301} 牛奶", .right)]).1 == " Cafe\u{301} 牛奶")
    // Truncation never cuts a wide character in half: 4 columns + "…" fit in 6, not 5.
    #expect(draw([label("牛奶牛奶牛奶", .left, width: 6)]).1 == "牛奶…")
    #expect(draw([label("牛奶牛奶牛奶", .left, width: 6, mode: .byTruncatingHead)]).1 == "…牛奶")
    #expect(draw([label("牛奶牛奶牛奶", .left, width: 5, mode: .byClipping)]).1 == "牛奶")
    let wrapped = Label(props: LabelProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 5, height: 8)
      $0.text = "牛奶 🥛 ok 牛奶牛"
      $0.lineBreakMode = .byWordWrapping
      $0.numberOfLines = 0
    })
    #expect(draw([wrapped]).1 == "牛奶\n🥛 ok\n牛奶\n牛")
  }

  @Test("rows of a mixed-width list line up: each column starts at the same cell")
  func mixedColumnsLineUp() {
    func row(_ title: String, _ y: Double) -> [AnyNodeDescription] {
      [
        Label(props: LabelProps.build { $0.frame = Rect(x: 0, y: y, width: 8, height: 2); $0.text = title }),
        Label(props: LabelProps.build { $0.frame = Rect(x: 8, y: y, width: 4, height: 2); $0.text = "done" }),
      ]
    }
    let (backend, _) = draw(row("牛奶 🥛", 0) + row("milk", 2) + row("e\u{301}clair", 4))
    var grid = CellGrid(size: backend.size)
    backend.draw(into: &grid)
    for line in 0..<3 { #expect(grid[8, line].character == "d", "row \(line)") }
    #expect(backend.renderedText() == "牛奶 🥛 done\nmilk    done\ne\u{301}clair  done")
  }

  @Test("a view with a border draws a box, in ASCII without Unicode")
  func border() {
    let box = View(props: ViewProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 4, height: 6)
      $0.borderWidth = .fixed(1)
      $0.borderColor = .white
    })
    #expect(draw([box]).1 == "┌──┐\n│  │\n└──┘")
    #expect(draw([box], usesUnicode: false).1 == "+--+\n|  |\n+--+")
  }

  @Test("a focused button shows brackets around its title")
  func buttonFocus() {
    let button = Button(props: ButtonProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 8, height: 2)
      $0.titles[.normal] = "OK"
      $0.backgroundColor = .blue
    })
    #expect(draw([button]).1 == "   OK")
    #expect(draw([button], focus: true).1 == "  [OK]")
  }

  @Test("a table shows its rows, scrolls with the wheel and reports row taps to its delegate")
  func table() async {
    let taps = TapRecorder()
    let table = Table(props: TableProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 10, height: 6)
      $0.delegate = NumbersDelegate(count: 5, taps: taps)
    })
    let (backend, renderer, text) = render([table])
    #expect(text == "row 0\nrow 1\nrow 2")
    backend.handle(.mouse(MouseEvent(button: .wheelDown, action: .press, column: 1, row: 1)))
    backend.handle(.mouse(MouseEvent(button: .wheelDown, action: .press, column: 1, row: 1)))
    backend.handle(.mouse(MouseEvent(button: .wheelDown, action: .press, column: 1, row: 1)))
    #expect(backend.renderedText() == "row 2\nrow 3\nrow 4")
    backend.handle(.mouse(MouseEvent(button: .left, action: .press, column: 1, row: 1)))
    backend.handle(.mouse(MouseEvent(button: .left, action: .release, column: 1, row: 1)))
    #expect(taps.rows == [TableIndexPath(section: 0, row: 3)])
    withExtendedLifetime(renderer) {}
  }

  @Test("Page Down and Page Up page a table by its height less one row, within its content")
  func tablePaging() async {
    let table = Table(props: TableProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 10, height: 6)
      $0.delegate = NumbersDelegate(count: 6, taps: TapRecorder())
    })
    let (backend, renderer, text) = render([table])
    #expect(text == "row 0\nrow 1\nrow 2")
    var parser = InputParser()
    for event in parser.parse(Array("\u{1B}[6~".utf8)) { backend.handle(event) }
    #expect(backend.renderedText() == "row 2\nrow 3\nrow 4")
    for event in parser.parse(Array("\u{1B}[6~\u{1B}[6~".utf8)) { backend.handle(event) }
    #expect(backend.renderedText() == "row 3\nrow 4\nrow 5")
    for event in parser.parse(Array("\u{1B}[5~".utf8)) { backend.handle(event) }
    #expect(backend.renderedText() == "row 1\nrow 2\nrow 3")
    withExtendedLifetime(renderer) {}
  }

  @Test("a TableRef scroll request scrolls the rows to the top, bottom or middle, within the content")
  func tableRefScroll() {
    var ref: TableRef?
    let table = Table(props: TableProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 10, height: 6)
      $0.delegate = NumbersDelegate(count: 8, taps: TapRecorder())
      $0.refCallback = { ref = $0 }
    })
    let (backend, renderer, text) = render([table])
    #expect(text == "row 0\nrow 1\nrow 2")
    let row = { (index: Int) in TableIndexPath(section: 0, row: index) }
    ref?.scroll(at: row(4), at: .top, animated: true)
    #expect(backend.renderedText() == "row 4\nrow 5\nrow 6")
    ref?.scroll(at: row(3), at: .bottom, animated: false)
    #expect(backend.renderedText() == "row 1\nrow 2\nrow 3")
    ref?.scroll(at: row(5), at: .middle, animated: false)
    #expect(backend.renderedText() == "row 4\nrow 5\nrow 6")
    ref?.scroll(at: row(2), at: .none, animated: false)
    #expect(backend.renderedText() == "row 2\nrow 3\nrow 4")
    // The last rows cannot scroll above the bottom edge; unknown rows are ignored.
    ref?.scroll(at: row(7), at: .top, animated: false)
    #expect(backend.renderedText() == "row 5\nrow 6\nrow 7")
    ref?.scroll(at: row(42), at: .top, animated: false)
    #expect(backend.renderedText() == "row 5\nrow 6\nrow 7")
    withExtendedLifetime(renderer) {}
  }

  @Test("a table mounting only its visible rows scrolls to far rows and follows the wheel")
  func windowedTable() async throws {
    var ref: TableRef?
    let table = Table(props: TableProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 10, height: 6)
      $0.delegate = NumbersDelegate(count: 200, taps: TapRecorder())
      $0.mountsOnlyVisibleRows = true
      $0.refCallback = { ref = $0 }
    })
    let (backend, renderer, text) = render([table])
    #expect(text == "row 0\nrow 1\nrow 2")
    let tableID = try #require(ref?.nativeView.node)
    let mountedRows = { backend.nodes[tableID]?.children.count ?? 0 }
    #expect(mountedRows() < 20)
    ref?.scroll(at: TableIndexPath(section: 0, row: 150), at: .top, animated: false)
    #expect(backend.renderedText() == "row 150\nrow 151\nrow 152")
    #expect(mountedRows() < 20)
    // The terminal reports each scroll; the window follows once the renderer ran.
    for _ in 0..<6 {
      backend.handle(.mouse(MouseEvent(button: .wheelUp, action: .press, column: 1, row: 1)))
      await renderer.settle()
    }
    #expect(backend.renderedText() == "row 144\nrow 145\nrow 146")
    #expect(mountedRows() < 20)
  }
}

@MainActor
final class TapRecorder {
  var rows: [TableIndexPath] = []
}

struct NumbersDelegate: TableDelegate {
  let count: Int
  let taps: TapRecorder

  func numberOfRows(forSection section: Int) -> Int { count }

  func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription {
    Label(props: LabelProps.build { $0.text = "row \(indexPath.row)" })
  }

  func height(forRowAt indexPath: TableIndexPath) -> Value { .fixed(2) }

  @MainActor
  func didTapRow(at indexPath: TableIndexPath, dispatch: Dispatcher) {
    taps.rows.append(indexPath)
  }
}
