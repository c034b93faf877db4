import Katana
import Testing

@testable import KatanaUI

/// Two sections of rows: section 0 has `a` rows, section 1 has one; row heights are fixed 40.
struct RowsDelegate: TableDelegate, Equatable {
  var rows: Int

  func numberOfSections() -> Int { 2 }
  func numberOfRows(forSection section: Int) -> Int { section == 0 ? rows : 1 }
  func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription {
    Label(props: LabelProps.build { $0.text = "row \(indexPath.section).\(indexPath.row)" })
  }
  func height(forRowAt indexPath: TableIndexPath) -> Value { .fixed(40) }
  func isEqual(to other: any TableDelegate) -> Bool { (other as? RowsDelegate) == self }
  func didTapRow(at indexPath: TableIndexPath, dispatch: Dispatcher) {
    dispatch(SetB(value: indexPath.section * 10 + indexPath.row))
  }
}

/// A form connected to the app state: a text field bound to `title`, a button enabled while
/// `a < 5`, a touch handler around a label, and a table with `a` rows in its first section.
struct FormScreen: ConnectedNodeDescription {
  struct Props: NodeDescriptionProps {
    var title = ""
    var a = 0
    var frame = Rect.zero
    var alpha = 1.0
    var key: String?
  }

  var props: Props

  static func connect(props: inout Props, to storeState: AppState) {
    props.title = storeState.title
    props.a = storeState.a
  }

  static func childrenDescriptions(
    props: Props, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      TextField(
        props: TextFieldProps.build {
          $0.key = "field"
          $0.text = props.title
          $0.onChange = { dispatch(SetTitle(title: $0)) }
          $0.onSubmit = { dispatch(SetA(value: 100)) }
        }),
      Button(
        props: ButtonProps.build {
          $0.key = "button"
          $0.isEnabled = props.a < 5
          $0.touchHandlers = [.touchUpInside: { dispatch(SetA(value: props.a + 1)) }]
        }),
      TouchHandler(
        props: TouchHandlerProps.build {
          $0.key = "touch"
          $0.handlers = [[.touchDown, .touchUpInside]: { dispatch(SetB(value: -1)) }]
          $0.keyHandler = { press in
            guard press.key == .character("x") else { return false }
            dispatch(SetB(value: -2))
            return true
          }
          $0.children = [Label(props: LabelProps.build { $0.key = "inner" }), Image(props: ImageProps.build { $0.key = "icon" })]
        }),
      Table(
        props: TableProps.build {
          $0.key = "table"
          $0.frame = Rect(x: 0, y: 100, width: 300, height: 400)
          $0.delegate = RowsDelegate(rows: props.a)
        }),
      View(props: ViewProps(children: { [Label(props: LabelProps.build { $0.text = "static" })] })),
    ]
  }
}

@MainActor
@Suite("Elements")
struct ElementsTests {
  @Test("text input and Enter reach the text field's handlers")
  func textField() async throws {
    let harness = try await RendererHarness(FormScreen(props: FormScreen.Props()))
    #expect(harness.backend.send(.textInput("hello"), toKey: "field"))
    await harness.renderer.settle()
    #expect(harness.store.state.title == "hello")
    let field = try #require(harness.backend.firstView(withKey: "field"))
    #expect(field.kind == .textField)
    #expect(harness.backend.props(of: field.id, as: TextFieldProps.self)?.text == "hello")
    harness.backend.send(.key(KeyPress(.enter)), toKey: "field")
    await harness.renderer.settle()
    #expect(harness.store.state.a == 100)
  }

  @Test("a button runs its handler when enabled and swallows taps when disabled")
  func button() async throws {
    let harness = try await RendererHarness(FormScreen(props: FormScreen.Props()), state: AppState(a: 4))
    harness.backend.send(.tap, toKey: "button")
    await harness.renderer.settle()
    #expect(harness.store.state.a == 5)
    let button = try #require(harness.backend.firstView(withKey: "button"))
    #expect(harness.backend.props(of: button.id, as: ButtonProps.self)?.isEnabled == false)
    harness.backend.send(.tap, toKey: "button")
    await harness.renderer.settle()
    #expect(harness.store.state.a == 5)
  }

  @Test("touches and keys on a touch handler's children bubble to its handlers")
  func touchHandler() async throws {
    let harness = try await RendererHarness(FormScreen(props: FormScreen.Props()))
    #expect(harness.backend.firstView(withKey: "touch")?.kind == .touchHandler)
    #expect(harness.backend.firstView(withKey: "icon")?.kind == .image)
    harness.backend.send(.touch(.touchDown), toKey: "inner")
    await harness.renderer.settle()
    #expect(harness.store.state.b == -1)
    harness.backend.send(.key(KeyPress(.character("x"))), toKey: "inner")
    await harness.renderer.settle()
    #expect(harness.store.state.b == -2)
  }

  @Test("a table stacks its rows by height, in sections, and reports row taps to its delegate")
  func table() async throws {
    let harness = try await RendererHarness(FormScreen(props: FormScreen.Props()), state: AppState(a: 2))
    let table = try #require(harness.backend.firstView(withKey: "table"))
    #expect(table.kind == .table)
    let rows = harness.backend.children(of: table.id).compactMap { harness.backend.view($0) }
    #expect(rows.map(\.key) == ["0:0", "0:1", "1:0"])
    #expect(rows.map(\.frame) == [0.0, 40, 80].map { Rect(x: 0, y: $0, width: 300, height: 40) })
    #expect(harness.backend.props(of: rows[2].id, as: TableRowProps.self)?.indexPath == TableIndexPath(section: 1, row: 0))
    let cell = try #require(harness.backend.children(of: rows[1].id).first.flatMap { harness.backend.view($0) })
    #expect(cell.kind == .label)
    #expect(cell.frame == Rect(x: 0, y: 0, width: 300, height: 40))

    harness.backend.send(.tableRowTap(TableIndexPath(section: 1, row: 0)), to: rows[2].id)
    await harness.renderer.settle()
    #expect(harness.store.state.b == 10)

    let log = try await harness.dispatch(SetA(value: 3))
    #expect(
      MutationCounts(log) == MutationCounts(create: 2, updateProps: 2, insert: 2, setFrame: 1),
      "the screen and table update, a row and its cell are added, the section-1 row moves down")
    #expect(harness.backend.children(of: table.id).count == 4)
  }

  @Test("unchanged containers with children produce no mutations")
  func unchangedContainers() async throws {
    let harness = try await RendererHarness(FormScreen(props: FormScreen.Props()))
    let log = try await harness.dispatch(SetTitle(title: "t"))
    #expect(MutationCounts(log) == MutationCounts(updateProps: 2), "the screen and the field only")
  }
}
