import KatanaUI

extension TerminalBackend {
  /// The columns a text area wraps its lines at: one less than its width, so the caret after a
  /// full row still has a cell.
  private func wrapWidth(of rect: CellRect) -> Int { max(1, rect.width - 1) }

  /// Takes the store's document for a text area (see ``TextAreaEditor/adopt(_:)``).
  func adoptDocument(_ document: TextDocument, in node: TerminalViewNode) {
    if node.area == nil { node.area = TextAreaEditor(document: document) } else { node.area?.adopt(document) }
  }

  /// Applies a key to a focused text area; false when the key is not the area's (Tab, Esc,
  /// shortcuts), which then moves the focus or goes to the node as a key event.
  func editTextArea(_ node: TerminalViewNode, with press: TerminalKeyPress) -> Bool {
    guard var area = node.area, let rect = cellRects[node.id] else { return false }
    let width = wrapWidth(of: rect)
    let height = max(1, rect.height)
    let plain = press.modifiers.isEmpty
    let wordModifier = press.modifiers.contains(.alt) || press.modifiers.contains(.control)
    var edit: TextEdit?
    switch press.key {
    case .character(let character) where press.modifiers.subtracting(.shift).isEmpty:
      guard node.content.isEnabled else { return true }
      edit = .insert(String(character), at: area.caret)
    case .enter where plain:
      guard node.content.isEnabled else { return true }
      edit = .insert("\n", at: area.caret)
    case .backspace:
      guard node.content.isEnabled else { return true }
      edit = area.backspaceEdit()
    case .delete where plain:
      guard node.content.isEnabled else { return true }
      edit = area.deleteEdit()
    case .left where wordModifier: area.moveByWord(forward: false)
    case .right where wordModifier: area.moveByWord(forward: true)
    case .left where plain: area.moveByCharacter(forward: false)
    case .right where plain: area.moveByCharacter(forward: true)
    case .up where plain: area.moveVertically(down: false, width: width)
    case .down where plain: area.moveVertically(down: true, width: width)
    case .home where plain: area.moveToLineEdge(end: false)
    case .end where plain: area.moveToLineEdge(end: true)
    case .pageUp, .pageDown:
      for _ in 0..<max(1, height - 1) { area.moveVertically(down: press.key == .pageDown, width: width) }
    default:
      return false
    }
    let sent = edit.map { area.apply($0) }
    area.scrollToCaret(width: width, height: height)
    node.area = area
    if let sent { send(.textEdit(sent), to: node.id) }
    onNeedsDisplay?()
    return true
  }

  /// A paste into a focused text area: one edit at the caret, line breaks kept.
  func pasteIntoTextArea(_ node: TerminalViewNode, text: String) {
    guard var area = node.area, let rect = cellRects[node.id], node.content.isEnabled else { return }
    let normalized = text.replacingLineEnds()
    let sent = area.apply(.insert(normalized, at: area.caret))
    area.scrollToCaret(width: wrapWidth(of: rect), height: max(1, rect.height))
    node.area = area
    send(.textEdit(sent), to: node.id)
    onNeedsDisplay?()
  }

  /// A click in a text area puts the caret under the pointer.
  func placeCaret(in node: TerminalViewNode, column: Int, row: Int) {
    guard var area = node.area, let rect = cellRects[node.id] else { return }
    area.place(atX: column - rect.column, y: row - rect.row, width: wrapWidth(of: rect), height: max(1, rect.height))
    node.area = area
  }

  func drawTextArea(
    _ node: TerminalViewNode, focused: Bool, in rect: CellRect, style: CellStyle, clip: CellRect, into grid: inout CellGrid
  ) {
    guard let area = node.area, rect.width > 0, rect.height > 0 else { return }
    var textStyle = style
    if node.content.background == nil, !focused { textStyle.isUnderlined = false }
    if area.document.lineCount == 1, area.document[line: 0].isEmpty, !focused {
      var placeholderStyle = style
      placeholderStyle.foreground = TerminalColor(foreground: theme.secondaryText) ?? .brightBlack
      drawText(node.content.placeholder, in: CellRect(column: rect.column, row: rect.row, width: rect.width, height: 1), alignment: .left, truncation: .tail, style: placeholderStyle, clip: clip, into: &grid)
      return
    }
    let width = wrapWidth(of: rect)
    let caretPlace = focused ? area.caretPlace(width: width) : nil
    for (offset, row) in area.visibleRows(width: width, height: rect.height).enumerated() {
      let characters = Array(area.document[line: row.line])
      let text = String(characters[row.range])
      grid.write(text, column: rect.column, row: rect.row + offset, style: textStyle, clip: clip, keepsBackground: true)
      guard let caretPlace, row.line == caretPlace.row.line,
        TextAreaEditor.rows(of: area.document[line: row.line], width: width).firstIndex(of: row.range) == caretPlace.row.row
      else { continue }
      var caretStyle = textStyle
      caretStyle.isInverse.toggle()
      let under: Character = area.caret.column < characters.count && area.caret.column < row.range.upperBound ? characters[area.caret.column] : " "
      grid.write(String(under), column: rect.column + caretPlace.x, row: rect.row + offset, style: caretStyle, clip: clip)
    }
  }
}

extension String {
  /// The text with CR LF and lone CR line ends made LF, as a pasted text from another system
  /// may have them.
  fileprivate func replacingLineEnds() -> String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      // "\r\n" is one Character in Swift.
      if character == "\r\n" || character == "\r" { result.append("\n") } else { result.append(character) }
    }
    return result
  }
}
