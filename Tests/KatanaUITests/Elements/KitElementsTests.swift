import Katana
import Testing

@testable import KatanaUI

/// The kit's elements on the recording backend: each event reaches the store through the
/// element's handler, the new state comes back as props, and each element says what it is to
/// assistive technology.
@MainActor
@Suite("Widget kit elements")
struct KitElementsTests {
  /// The kit screen rendered on a recording backend, on a store holding `state`.
  func render(_ state: KitState = KitState()) async throws -> (KitStore, RecordingBackend, Renderer) {
    let store = KitStore()
    try await store.dispatch(ReplaceKit(state: state)).value
    let backend = RecordingBackend(containerSize: Size(width: 640, height: 480))
    let renderer = Renderer(rootDescription: KitScreen(props: KitScreenProps()), store: store)
    renderer.render(in: backend)
    await renderer.settle()
    return (store, backend, renderer)
  }

  func element(_ backend: RecordingBackend, _ key: String) throws -> AccessibilityElement {
    let view = try #require(backend.firstView(withKey: key))
    return try #require(Accessibility.resolved(kind: view.kind, props: view.props))
  }

  @Test("a tap toggles a check box through the store; it is a switch named by its title, checked or not")
  func checkbox() async throws {
    let (store, backend, renderer) = try await render()
    #expect(try element(backend, "pinned").description == "switch \"Pinned\" unchecked")
    #expect(backend.send(.tap, toKey: "pinned"))
    await renderer.settle()
    #expect(store.state.isPinned)
    #expect(backend.firstView(withKey: "pinned").flatMap { $0.props as? CheckboxProps }?.isChecked == true)
    #expect(try element(backend, "pinned").description == "switch \"Pinned\" checked")
    // The touch-down of a tap changes nothing; only the completed tap toggles.
    #expect(backend.send(.touch(.touchDown), toKey: "pinned"))
    await renderer.settle()
    #expect(store.state.isPinned)
  }

  @Test("a plain check box is a checkbox to assistive technology; a disabled one ignores taps")
  func plainCheckbox() async throws {
    let box = CheckboxProps.build {
      $0.title = "Done: Milk"
      $0.isChecked = true
    }
    #expect(Accessibility.resolved(kind: .checkbox, props: box)?.description == "checkbox \"Done: Milk\" checked")
    var toggled: [Bool] = []
    var disabled = box
    disabled.isEnabled = false
    disabled.onToggle = { toggled.append($0) }
    let handled = Checkbox.handle(event: .tap, props: disabled, state: EmptyState(), dispatch: .none, update: { _ in })
    #expect(handled)
    #expect(toggled.isEmpty)
    var enabled = box
    enabled.onToggle = { toggled.append($0) }
    _ = Checkbox.handle(event: .tap, props: enabled, state: EmptyState(), dispatch: .none, update: { _ in })
    #expect(toggled == [false])
  }

  @Test("choosing a tab selects it through the store; choosing the selected one or none dispatches nothing")
  func tabs() async throws {
    let (store, backend, renderer) = try await render()
    #expect(try element(backend, "tabs").description == "tabList value \"All\"")
    #expect(backend.send(.select(2), toKey: "tabs"))
    await renderer.settle()
    #expect(store.state.tab == 2)
    #expect(try element(backend, "tabs").description == "tabList value \"Home\"")
    var chosen: [Int] = []
    var props = try #require(backend.firstView(withKey: "tabs")?.props as? TabsProps)
    props.onSelect = { chosen.append($0) }
    for index in [2, 3, -1] {
      _ = Tabs.handle(event: .select(index), props: props, state: EmptyState(), dispatch: .none, update: { _ in })
    }
    #expect(chosen.isEmpty)
  }

  @Test("a picker's choice goes to the store; it is named by its title with the chosen option as value")
  func picker() async throws {
    let (store, backend, renderer) = try await render()
    #expect(try element(backend, "sort").description == "picker \"Sort by\" value \"Newest\"")
    #expect(backend.send(.select(1), toKey: "sort"))
    await renderer.settle()
    #expect(store.state.sort == 1)
    #expect(try element(backend, "sort").description == "picker \"Sort by\" value \"Oldest\"")
  }

  @Test("a text area's edits are applied to the store's document, which comes back as its props")
  func textArea() async throws {
    let (store, backend, renderer) = try await render()
    #expect(try element(backend, "body").description == "textArea \"Note\"")
    #expect(backend.send(.textEdit(.insert("!", at: TextPosition(line: 1, column: 11))), toKey: "body"))
    #expect(backend.send(.textEdit(.insert("\nthird", at: TextPosition(line: 1, column: 12))), toKey: "body"))
    await renderer.settle()
    #expect(store.state.body.text == "first line\nsecond line!\nthird")
    let props = try #require(backend.firstView(withKey: "body")?.props as? TextAreaProps)
    #expect(props.document.lines == ["first line", "second line!", "third"])
    #expect(backend.firstView(withKey: "status").flatMap { $0.props as? StatusProps }?.text == "3 lines")
  }

  @Test("Esc in a confirm dialog cancels it; its confirm button confirms; it is an alert dialog named by its title")
  func confirmDialog() async throws {
    let (store, backend, renderer) = try await render()
    #expect(backend.send(.key(KeyPress(.character("d"))), toKey: "tabs"))
    await renderer.settle()
    let dialog = try #require(backend.rootChildren.first.flatMap { root in
      backend.children(of: root).first { backend.view($0)?.kind == .dialog }
    })
    #expect(Accessibility.resolved(kind: .dialog, props: try #require(backend.view(dialog)?.props))?.description
      == "alertdialog \"Delete note?\"")
    // Keys inside the dialog never reach the screen behind it ("d" would open another).
    #expect(backend.send(.key(KeyPress(.character("z"), modifiers: .control)), toKey: "dialog.cancel"))
    #expect(backend.send(.key(KeyPress(.escape)), toKey: "dialog.confirm"))
    await renderer.settle()
    #expect(store.state == KitState(tab: 0))
    #expect(backend.firstView(withKey: "dialog.confirm") == nil)
    #expect(backend.send(.key(KeyPress(.character("d"))), toKey: "tabs"))
    await renderer.settle()
    #expect(backend.send(.tap, toKey: "dialog.confirm"))
    await renderer.settle()
    #expect(store.state.deleted == 1)
    #expect(!store.state.isConfirming)
  }

  @Test("the confirm dialog is centred, with its message and Cancel before Delete in reading order")
  func confirmLayout() {
    let dialog = Dialog.confirm(
      title: "Delete?", message: "Gone for good.", confirmTitle: "Delete", in: Size(width: 640, height: 384),
      onConfirm: {}, onCancel: {})
    #expect(dialog.props.frame.midX == 320)
    #expect(dialog.props.frame.midY == 192)
    let keys = dialog.props.children.map { $0.props.key }
    #expect(keys == ["dialog.message", "dialog.cancel", "dialog.confirm"])
  }

  @Test("a progress bar updated 600 times costs one mutation of it per update, and none for sub-thousandth changes")
  func progressMutations() async throws {
    let (store, backend, renderer) = try await render()
    #expect(try element(backend, "progress").description == "progressBar \"Importing\"")
    let bar = try #require(backend.firstView(withKey: "progress")?.id)
    // The test screen connects the whole state, so its own container is updated too; every other
    // element must stay untouched.
    let screen = try #require(backend.rootChildren.first)
    backend.clearLog()
    for step in 1...600 {
      try await store.dispatch(SetProgress(value: Double(step) / 600)).value
      await renderer.settle()
    }
    #expect(backend.log.filter { $0.node == bar }.count == 600)
    #expect(backend.log.filter { $0.node != bar && $0.node != screen }.isEmpty)
    #expect(try element(backend, "progress").description == "progressBar \"Importing\" 100%")
    backend.clearLog()
    for step in 1...100 {
      try await store.dispatch(SetProgress(value: 1 - Double(step) * 0.000_001)).value
      await renderer.settle()
    }
    #expect(backend.log.filter { $0.node == bar }.isEmpty)
  }

  @Test("an activity indicator is a busy progress bar; toasts and status lines are polite statuses")
  func statusElements() async throws {
    let (_, backend, renderer) = try await render(KitState(toast: "Saved"))
    #expect(try element(backend, "spinner").description == "progressBar \"Searching\" busy")
    #expect(try element(backend, "toast").description == "status \"Saved\" live polite")
    #expect(try element(backend, "status").description == "status \"2 lines\" live polite")
    _ = renderer
  }

  @Test("a scroll view mounts its content below its frame, to be scrolled by the backend")
  func scrollView() async throws {
    let (_, backend, _) = try await render()
    let viewport = try #require(backend.firstView(withKey: "viewport"))
    #expect(viewport.kind == .scrollView)
    #expect(backend.children(of: viewport.id).count == 10)
    #expect(backend.firstView(withKey: "line9")?.frame.origin.y == 144)
  }
}

struct ReplaceKit: StateUpdater {
  let state: KitState
  func updateState(_ current: inout KitState) { current = state }
}

extension MutationCounts {
  /// Every mutation counted.
  var total: Int { create + updateProps + insert + move + remove + setFrame + animate + command }
}
