import Foundation
import Katana
import KatanaUI
import Testing

@testable import KatanaWeb

/// The widget kit over the page protocol: what each element's props say to the page's script,
/// and the page's `select` and `edit` messages.
@Suite("Widget kit on the web protocol")
struct KitElementsEncodingTests {
  /// The props object and text the page receives for one created element.
  func encoded(_ kind: NativeViewKind, _ props: any NodeDescriptionProps) throws -> (props: [String: Any], text: String?) {
    let (_, ops, table) = try decodeMessage(MutationEncoder.encode([
      .create(NodeID(rawValue: 1), kind: kind, props: props), .insert(NodeID(rawValue: 1), parent: .container, at: 0),
    ]))
    let op = try #require(ops.first)
    #expect(createdKind(op) == kind.rawValue)
    return (try #require(elementProps(op, in: table)), elementText(op))
  }

  @Test("check boxes, tabs, pickers and text areas carry their state; the text area its whole text")
  func controls() throws {
    let box = try encoded(.checkbox, CheckboxProps.build {
      $0.title = "Pinned"
      $0.isChecked = true
      $0.style = .switch
    })
    #expect(box.props["on"] as? Int == 1)
    #expect(box.props["sw"] as? Int == 1)
    #expect(box.text == "Pinned")
    let tabs = try encoded(.tabs, TabsProps.build {
      $0.titles = ["All", "Done"]
      $0.selectedIndex = 1
      $0.accessibility.label = "Filter"
    })
    #expect(tabs.props["opts"] as? [String] == ["All", "Done"])
    #expect(tabs.props["nm"] as? String == "Filter")
    #expect(tabs.props["sel"] as? Int == 1)
    let picker = try encoded(.picker, PickerProps.build {
      $0.title = "Sort by"
      $0.options = ["A", "B"]
      $0.isEnabled = false
    })
    #expect(picker.props["nm"] as? String == "Sort by")
    #expect(picker.props["en"] as? Int == 0)
    let area = try encoded(.textArea, TextAreaProps.build {
      $0.document = TextDocument("one\ntwo")
      $0.placeholder = "Note"
    })
    #expect(area.text == "one\ntwo")
    #expect(area.props["ph"] as? String == "Note")
  }

  @Test("progress carries its value (none while indeterminate); the help bar only the browser's bindings, named the browser's way")
  func displays() throws {
    #expect(try encoded(.progressBar, ProgressBarProps.build { $0.value = 0.4567 }).props["pv"] as? Int == 457)
    #expect(try encoded(.progressBar, ProgressBarProps()).props["pv"] == nil)
    let help = try encoded(.keyHelp, KeyHelpBarProps.build {
      $0.bindings = [
        KeyBinding(.tab, help: "moves", where: .terminal),
        KeyBinding(.character("z"), modifiers: .control, help: "undo") {},
        .quit,
      ]
    })
    #expect(help.props["keys"] as? [[String]] == [["Ctrl+Z", "undo"]])
    let dialog = try encoded(.dialog, DialogProps.build {
      $0.title = "Delete?"
      $0.isAlert = true
    })
    #expect(dialog.props["al"] as? Int == 1)
    #expect(dialog.text == "Delete?")
  }

  @Test("the page's select and edit messages decode to events; bad fields are refused")
  func messages() throws {
    let decoder = ClientMessageDecoder()
    #expect(try decoder.decode(#"{"v":2,"t":"select","n":4,"i":2}"#) == .event(.select(2), node: NodeID(rawValue: 4)))
    let edit = TextEdit(from: TextPosition(line: 1, column: 2), to: TextPosition(line: 3, column: 0), replacement: "a\nb")
    #expect(try decoder.decode(#"{"v":2,"t":"edit","n":5,"sl":1,"sc":2,"el":3,"ec":0,"s":"a\nb"}"#)
      == .event(.textEdit(edit), node: NodeID(rawValue: 5)))
    #expect(throws: ClientMessageError.invalidValue(field: "i")) { try decoder.decode(#"{"v":2,"t":"select","n":4,"i":-1}"#) }
    #expect(throws: ClientMessageError.invalidValue(field: "sc")) {
      try decoder.decode(#"{"v":2,"t":"edit","n":5,"sl":0,"sc":-2,"el":0,"ec":0,"s":""}"#)
    }
    #expect(throws: ClientMessageError.malformed("edit needs sl, sc, el, ec and s")) {
      try decoder.decode(#"{"v":2,"t":"edit","n":5,"sl":0}"#)
    }
  }
}

/// The kit's events on a live web backend: each reaches only the kinds that take it.
@MainActor
@Suite("Widget kit on the web backend")
struct KitWebBackendTests {
  @Test("select goes only to tabs and pickers, edit only to text areas, a tap to a check box")
  func eventKinds() throws {
    let harness = BackendHarness()
    let label = try harness.node(.label)
    #expect(throws: ClientMessageError.wrongKind(event: "select", kind: "label")) {
      try harness.backend.deliver(.event(.select(1), node: label))
    }
    #expect(throws: ClientMessageError.wrongKind(event: "edit", kind: "label")) {
      try harness.backend.deliver(.event(.textEdit(.insert("x", at: TextPosition(line: 0, column: 0))), node: label))
    }
  }
}

struct NoteBodyState: State {
  var body = TextDocument("one\ntwo")
}

struct ApplyBodyEdit: StateUpdater {
  let edit: TextEdit
  func updateState(_ state: inout NoteBodyState) { state.body.apply(edit) }
}

struct ReplaceBody: StateUpdater {
  let text: String
  func updateState(_ state: inout NoteBodyState) { state.body = TextDocument(text) }
}

struct NoteBodyProps: NodeDescriptionProps {
  var body = TextDocument()
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

struct NoteBodyScreen: ConnectedNodeDescription {
  typealias StoreState = NoteBodyState
  var props: NoteBodyProps

  static func connect(props: inout NoteBodyProps, to storeState: NoteBodyState) {
    props.body = storeState.body
  }

  static func childrenDescriptions(
    props: NoteBodyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [TextArea(props: TextAreaProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 200, height: 100)
      $0.document = props.body
      $0.onEdit = { dispatch(ApplyBodyEdit(edit: $0)) }
    })]
  }
}

@MainActor
@Suite("Text areas on the web backend")
struct TextAreaEchoTests {
  @Test("an update that echoes the page's own edits goes without the text; the app's own change carries it")
  func echo() async throws {
    let store = Store<NoteBodyState, EmptySideEffectDependencyContainer>()
    let log = MessageLog()
    let backend = WebBackend(containerSize: Size(width: 400, height: 300)) { log.messages.append($0) }
    let renderer = Renderer(rootDescription: NoteBodyScreen(props: NoteBodyProps()), store: store)
    renderer.render(in: backend)
    await renderer.settle()
    let mount = try decodeMessage(try #require(log.messages.last)).ops
    let areaOp = try #require(mount.first { createdKind($0) == "textArea" })
    #expect(elementText(areaOp) == "one\ntwo")
    let area = NodeID(rawValue: try #require(areaOp[1] as? Int))
    try backend.deliver(.event(.textEdit(.insert("!", at: TextPosition(line: 1, column: 3))), node: area))
    try backend.deliver(.event(.textEdit(.insert("?", at: TextPosition(line: 1, column: 4))), node: area))
    await renderer.settle()
    #expect(store.state.body.text == "one\ntwo!?")
    let (_, echoOps, echoTable) = try decodeMessage(try #require(log.messages.last))
    // The screen's own container is updated too; the text area's op is the one naming it.
    let isAreaUpdate = { (op: [Any]) in op.first as? String == "u" && op[1] as? Int == area.rawValue }
    let update = try #require(echoOps.first(where: isAreaUpdate))
    #expect(elementText(update) == "")
    #expect(elementProps(update, in: echoTable)?["ack"] as? Int ?? 0 >= 1)
    try await store.dispatch(ReplaceBody(text: "new text")).value
    await renderer.settle()
    let (_, replaceOps, _) = try decodeMessage(try #require(log.messages.last))
    #expect(elementText(try #require(replaceOps.first(where: isAreaUpdate))) == "new text")
  }
}
