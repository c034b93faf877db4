import Katana
import KatanaTerminal
import KatanaTesting
import KatanaUI
import Testing

/// A counter: a label and two buttons, the second named for assistive technology.
struct TallyState: State, Equatable {
  var count = 0
}

struct Add: StateUpdater {
  var amount: Int
  func updateState(_ state: inout TallyState) { state.count += amount }
}

struct TallyProps: NodeDescriptionProps {
  var count = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

struct TallyScreen: ConnectedNodeDescription {
  typealias StateType = EmptyState
  typealias StoreState = TallyState
  var props: TallyProps

  static func connect(props: inout TallyProps, to storeState: TallyState) {
    props.count = storeState.count
  }

  static func childrenDescriptions(
    props: TallyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      Label(props: LabelProps.build {
        $0.frame = Rect(x: 0, y: 0, width: 20, height: 2)
        $0.text = "Count: \(props.count)"
      }),
      Button(props: ButtonProps.build {
        $0.frame = Rect(x: 0, y: 2, width: 8, height: 2)
        $0.titles[.normal] = "+1"
        $0.touchHandlers = [.touchUpInside: { dispatch(Add(amount: 1)) }]
      }),
      Button(props: ButtonProps.build {
        $0.frame = Rect(x: 10, y: 2, width: 8, height: 2)
        $0.titles[.normal] = "+10"
        $0.accessibility.label = "Add ten"
        $0.touchHandlers = [.touchUpInside: { dispatch(Add(amount: 10)) }]
      }),
    ]
  }
}

@Suite("Headless terminal")
@MainActor
struct HeadlessTerminalTests {
  let store = Store<TallyState, EmptySideEffectDependencyContainer>()

  func start() async -> HeadlessTerminal {
    let terminal = HeadlessTerminal(
      root: TallyScreen(props: TallyProps()), store: store, size: TerminalSize(columns: 20, rows: 3),
      clock: ManualClock())
    await terminal.start()
    return terminal
  }

  @Test("a click by accessible name reaches the control and the screen shows the store's new state")
  func clickByName() async throws {
    let terminal = await start()
    try await terminal.click("Add ten")
    #expect(store.state.count == 10)
    #expect(terminal.screen.text.hasPrefix("Count: 10"))
    try await terminal.click("+1")
    #expect(terminal.screen.text.hasPrefix("Count: 11"))
  }

  @Test("a name no control has, or that two share, is an error, not a guess")
  func unknownName() async {
    let terminal = await start()
    await #expect(throws: HeadlessControlError.noControl(named: "+2")) { try await terminal.click("+2") }
    #expect(store.state.count == 0)
  }

  @Test("keys move the focus and press the focused button")
  func keys() async {
    let terminal = await start()
    #expect(terminal.screen.focus?.column == 0)
    await terminal.press(TerminalKeyPress(.tab))
    #expect(terminal.screen.focus?.column == 10)
    await terminal.press(TerminalKeyPress(.enter))
    #expect(store.state.count == 10)
  }

  @Test("a resize lays the screen out again at the new size")
  func resize() async {
    let terminal = await start()
    await terminal.resize(to: TerminalSize(columns: 30, rows: 5))
    #expect(terminal.screen.grid.size == TerminalSize(columns: 30, rows: 5))
    #expect(terminal.screen.text.split(separator: "\n", omittingEmptySubsequences: false).count == 5)
  }
}
