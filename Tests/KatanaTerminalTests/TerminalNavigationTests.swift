import Katana
import KatanaTesting
import KatanaUI
import Testing

@testable import KatanaTerminal

// MARK: A two-screen app: a home screen with a button, and a form with a text field.

enum FormRoute: Hashable, Sendable {
  case home
  case form
}

struct FormAppState: NavigableState, Equatable {
  var routes = RouteStack(root: FormRoute.home)
  var note = ""
}

struct SetNote: StateUpdater {
  let note: String
  func updateState(_ state: inout FormAppState) { state.note = note }
}

typealias FormAppStore = Store<FormAppState, EmptySideEffectDependencyContainer>

enum FormScreens: NavigationScreens {
  typealias StoreState = FormAppState

  static func screen(for route: FormRoute, frame: Rect) -> AnyNodeDescription {
    switch route {
    case .home:
      View(props: ViewProps.build {
        $0.frame = frame
        $0.children = [Button(props: ButtonProps.build { button in
          button.key = "home.open"
          button.titles[.normal] = "open"
          button.frame = Rect(x: 0, y: 0, width: 48, height: 16)
        })]
      })
    case .form:
      View(props: ViewProps.build {
        $0.frame = frame
        $0.children = [
          NoteField(props: NoteFieldProps(frame: Rect(x: 0, y: 0, width: 96, height: 16))),
          Button(props: ButtonProps.build { button in
            button.key = "form.save"
            button.titles[.normal] = "save"
            button.frame = Rect(x: 0, y: 32, width: 48, height: 16)
          }),
        ]
      })
    }
  }

  static func title(for route: FormRoute, in state: FormAppState) -> String {
    switch route {
    case .home: "Home"
    case .form: "Form"
    }
  }
}

struct NoteFieldProps: NodeDescriptionProps {
  var note = ""
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// The form's text field, fed from and writing to the store.
struct NoteField: ConnectedNodeDescription {
  typealias StoreState = FormAppState
  var props: NoteFieldProps

  static func connect(props: inout NoteFieldProps, to storeState: FormAppState) {
    props.note = storeState.note
  }

  static func childrenDescriptions(
    props: NoteFieldProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [TextField(props: TextFieldProps.build {
      $0.key = "form.note"
      $0.frame = Rect(origin: .zero, size: props.frame.size)
      $0.text = props.note
      $0.onChange = { dispatch(SetNote(note: $0)) }
    })]
  }
}

/// The app rendered on a 40x8 terminal (cells of 8x16 points, as the examples use), on a real
/// store.
@MainActor
struct FormAppFixture {
  let store = FormAppStore()
  let backend = TerminalBackend(size: TerminalSize(columns: 40, rows: 8), colorSupport: .none, geometry: .fontCell)
  let renderer: Renderer

  init() async {
    await store.waitUntilReady()
    renderer = Renderer(rootDescription: NavigationRoot<FormScreens>(), store: store)
    renderer.render(in: backend)
    await renderer.settle()
  }

  /// Feeds one key to the backend, as the event loop does, and waits for what it dispatched to
  /// be rendered.
  func press(_ key: TerminalKeyPress) async {
    backend.handle(.key(key))
    await renderer.settle()
  }

  /// The kind of the focused node, if any.
  var focusedKind: NativeViewKind? {
    backend.focusedNode.flatMap { backend.nodes[$0]?.kind }
  }

  /// Opens the form (a push) and waits for it to be drawn, its text field focused.
  func openForm() async throws {
    try await store.dispatch(Navigation.Push<FormAppState>(.form)).value
    await renderer.settle()
    let field = try #require(backend.nodes.values.first(where: { $0.kind == .textField })?.id)
    #expect(backend.focus(field))
  }
}

/// The title bar's text: the first row, without the margin and Back button.
@MainActor
func titleBar(of backend: TerminalBackend) -> String {
  var line = Substring(row(0, of: backend))
  if line.hasPrefix("[‹ Back]") { line = line.dropFirst("[‹ Back]".count) }
  if line.hasPrefix("‹ Back") { line = line.dropFirst("‹ Back".count) }
  while line.first == " " { line.removeFirst() }
  return String(line)
}

@MainActor
@Suite("Navigation on the terminal backend: Esc goes back, the window title follows the route")
struct TerminalNavigationTests {
  static let escape = TerminalKeyPress(.escape)

  @Test("Esc on a screen with a control focused pops one screen, and the screen below is drawn again")
  func escapeGoesBack() async throws {
    let fixture = await FormAppFixture()
    try await fixture.openForm()
    // Focus the Save button: no text field is being edited.
    let save = try #require(fixture.backend.nodes.values.first { ($0.props as? ButtonProps)?.key == "form.save" })
    #expect(fixture.backend.focus(save.id))
    await fixture.press(Self.escape)
    #expect(fixture.store.state.routes.routes == [.home])
    #expect(titleBar(of: fixture.backend) == "Home")
    #expect(row(1, of: fixture.backend).contains("open"))
    #expect(fixture.renderer.errors.isEmpty)
  }

  @Test("Esc at the root screen changes nothing: there is nowhere to go back to")
  func escapeAtTheRoot() async throws {
    let fixture = await FormAppFixture()
    let before = fixture.store.state
    await fixture.press(Self.escape)
    #expect(fixture.store.state == before)
    #expect(titleBar(of: fixture.backend) == "Home")
  }

  @Test("the first Esc in a text field being edited only leaves the field; the second goes back")
  func escapeLeavesTheFieldFirst() async throws {
    let fixture = await FormAppFixture()
    try await fixture.openForm()
    await fixture.press(.character("h"))
    await fixture.press(.character("i"))
    #expect(fixture.store.state.note == "hi")

    await fixture.press(Self.escape)
    // Still on the form, the typed text kept, the focus on a control that is not a text field.
    #expect(fixture.store.state.routes.routes == [.home, .form])
    #expect(fixture.store.state.note == "hi")
    #expect(fixture.focusedKind != nil)
    #expect(fixture.focusedKind != .textField)

    await fixture.press(Self.escape)
    #expect(fixture.store.state.routes.routes == [.home])
    #expect(titleBar(of: fixture.backend) == "Home")
  }

  @Test("the window title (OSC 2) is written when the top route changes, once, and restored at the end")
  func windowTitleFollowsTheRoute() async throws {
    let fixture = await FormAppFixture()
    var written: [String] = []
    let loop = TerminalEventLoop(backend: fixture.backend, clock: ManualClock()) { written.append($0) }
    let saveTitle = "\u{1B}[22;2t"
    let restoreTitle = "\u{1B}[23;2t"
    func title(_ text: String) -> String { "\u{1B}]2;" + text + "\u{07}" }

    // The first frame saves the terminal's own title, then sets the app's.
    loop.drawFrame()
    let first = try #require(written.last)
    #expect(first.hasPrefix(saveTitle + title("Home")))

    // A push: the next frame sets the breadcrumb, without saving again.
    try await fixture.store.dispatch(Navigation.Push<FormAppState>(.form)).value
    await fixture.renderer.settle()
    written.removeAll()
    loop.drawFrame()
    let pushed = try #require(written.last)
    #expect(pushed.hasPrefix(title("Home › Form")))
    #expect(!pushed.contains(saveTitle))

    // A change inside the screen keeps the route: the frame writes no title.
    try await fixture.store.dispatch(SetNote(note: "x")).value
    await fixture.renderer.settle()
    written.removeAll()
    loop.drawFrame()
    #expect(!written.contains { $0.contains("\u{1B}]2;") })

    // Back: the title follows.
    try await fixture.store.dispatch(Navigation.Pop<FormAppState>()).value
    await fixture.renderer.settle()
    written.removeAll()
    loop.drawFrame()
    #expect(try #require(written.last).hasPrefix(title("Home")))

    // When the loop ends, the terminal's own title comes back.
    written.removeAll()
    await loop.run(events: AsyncStream<TerminalEvent> { $0.finish() })
    #expect(written.last == restoreTitle)
  }

  @Test("control characters in a title are not written to the terminal")
  func titleControlCharacters() {
    #expect(EscapeSequence.windowTitle("a\u{07}b\u{1B}c") == "\u{1B}]2;a b c\u{07}")
  }
}
