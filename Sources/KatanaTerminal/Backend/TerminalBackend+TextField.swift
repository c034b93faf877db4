import KatanaUI

extension TerminalBackend {
  /// Applies a key to a focused text field; false when the key is not an edit (then it moves the
  /// focus or goes to the node as a key event).
  ///
  /// Printable characters are inserted at the caret; Backspace and Delete remove the character
  /// before and after it; Left and Right move it (at the ends they are not edits, so the focus can
  /// leave the field); Home and End move it to the start and the end.
  func editText(of field: TerminalViewNode, with press: TerminalKeyPress) -> Bool {
    var characters = Array(field.content.text)
    var caret = min(field.caret ?? characters.count, characters.count)
    let plain = press.modifiers.isEmpty
    switch press.key {
    case .character(let character) where press.modifiers.subtracting(.shift).isEmpty:
      characters.insert(character, at: caret)
      caret += 1
    case .backspace:
      guard caret > 0 else { return true }
      characters.remove(at: caret - 1)
      caret -= 1
    case .delete where plain:
      guard caret < characters.count else { return true }
      characters.remove(at: caret)
    case .left where plain:
      guard caret > 0 else { return false }
      return moveCaret(of: field, to: caret - 1, count: characters.count)
    case .right where plain:
      guard caret < characters.count else { return false }
      return moveCaret(of: field, to: caret + 1, count: characters.count)
    case .home where plain:
      return moveCaret(of: field, to: 0, count: characters.count)
    case .end where plain:
      return moveCaret(of: field, to: characters.count, count: characters.count)
    default:
      return false
    }
    commitEdit(of: field, text: String(characters), caret: caret)
    return true
  }

  /// A paste: inserted at the caret of a focused text field as one edit (line ends and other
  /// control characters become spaces, as the field has one line), else sent to the focused
  /// node (or the root) as ``/KatanaUI/NodeEvent/paste(_:)``, never as keys.
  func handlePaste(_ text: String) {
    if focusedNode.flatMap({ nodes[$0] }) == nil { focusedNode = focusableNodes().first }
    let focused = focusedNode.flatMap { nodes[$0] }
    if let field = focused, field.content.role == .textField {
      let pasted = text.map { character -> Character in
        character.isNewline || character.asciiValue.map({ $0 < 0x20 || $0 == 0x7F }) == true ? " " : character
      }
      var characters = Array(field.content.text)
      let caret = min(field.caret ?? characters.count, characters.count)
      characters.insert(contentsOf: pasted, at: caret)
      commitEdit(of: field, text: String(characters), caret: caret + pasted.count)
      return
    }
    if let area = focused, area.content.role == .textArea {
      pasteIntoTextArea(area, text: text)
      return
    }
    guard let target = focused?.id ?? nodes[.container]?.children.first else { return }
    send(.paste(text), to: target)
  }

  private func moveCaret(of field: TerminalViewNode, to caret: Int, count: Int) -> Bool {
    field.caret = caret >= count ? nil : caret
    onNeedsDisplay?()
    return true
  }

  private func commitEdit(of field: TerminalViewNode, text: String, caret: Int) {
    // Show the edit at once; the description's next props (usually fed back from the store)
    // replace it once the store has caught up with it (see `TypedAheadText`).
    field.content.text = text
    field.caret = caret >= text.count ? nil : caret
    field.typedAhead.sent(text)
    send(.textInput(text), to: field.id)
    onNeedsDisplay?()
  }
}
