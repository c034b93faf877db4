import Foundation
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
    })
    #expect(tabs.props["opts"] as? [String] == ["All", "Done"])
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
