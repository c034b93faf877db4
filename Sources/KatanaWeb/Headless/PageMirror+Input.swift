import KatanaUI

/// What the user does on the page, handled as the page's script and the browser handle it: the
/// script's listeners (`keydown`, `wireTouches`, the kit's `click` and `input` handlers) decide
/// which message goes to the server; the browser's own behaviour (focus, a field's text, Tab) is
/// modelled as far as the messages depend on it.
extension PageMirror {
  /// Something on the page a click reaches, found by its accessible name.
  @MainActor
  enum Control {
    /// A button, a touch handler, or a check box drawn as an input: a touch down and up.
    case touch(MirrorNode)
    /// The kit's check box: its input's click sends the touch.
    case checkbox(MirrorNode)
    /// A tab of a tab list, by index.
    case tab(MirrorNode, index: Int, element: MirrorElement)
    /// A table row: the table reports the row.
    case row(table: MirrorNode, MirrorNode)
    /// A text field, a text area or a select: a click focuses it.
    case field(MirrorElement)

    var element: MirrorElement {
      switch self {
      case .touch(let node), .row(_, let node): node.element
      case .checkbox(let node): node.input ?? node.element
      case .tab(_, _, let element), .field(let element): element
      }
    }
  }

  // MARK: Finding controls

  /// The controls a user can click whose accessible name is `name`, in document order: not
  /// culled, and inside the open modal dialog when there is one (the rest of the page is inert).
  func controls(named name: String) -> [Control] {
    let scope = openDialog ?? root
    return scope.descendants.compactMap { element -> Control? in
      guard let control = control(at: element), accessibleName(of: control) == name, isVisible(element) else {
        return nil
      }
      return control
    }
  }

  private func control(at element: MirrorElement) -> Control? {
    if let node = element.node, node.element === element {
      switch node.kind {
      case "button", "touchHandler": return .touch(node)
      case "checkbox": return .checkbox(node)
      case "textField", "textArea", "picker": return .field(element)
      default:
        if node.props["row"]?.isTruthy == true, let table = node.parent, table.kind == "table" {
          return .row(table: table, node)
        }
        return nil
      }
    }
    if element.hasClass("k-tab"), let tabs = element.parentNode, let index = tabs.element.elementChildren.firstIndex(where: { $0 === element }) {
      return .tab(tabs, index: index, element: element)
    }
    return nil
  }

  /// The name a screen reader announces, as far as the page decides it: `aria-label`, else the
  /// text (a check box's label, a button's title, a row's content).
  private func accessibleName(of control: Control) -> String {
    switch control {
    case .checkbox(let node):
      return node.input?.attribute("aria-label") ?? node.label?.textContent ?? ""
    default:
      let element = control.element
      return element.attribute("aria-label") ?? element.textContent
    }
  }

  private func isVisible(_ element: MirrorElement) -> Bool {
    var current: MirrorElement? = element
    while let ancestor = current {
      if ancestor.hasClass("k-off") || ancestor.attribute("hidden") != nil { return false }
      if ancestor === root { return true }
      current = ancestor.parentElement
    }
    return false
  }

  // MARK: Clicking

  /// A click on `control`: the browser focuses what it focuses, then the script's listeners send
  /// what they send.
  func click(_ control: Control) {
    let element = control.element
    if element.attribute("disabled") != nil { return }
    focused = isFocusable(element) ? element : nil
    switch control {
    case .touch(let node), .checkbox(let node):
      _ = send(.touch(node: node.id, phase: "down"))
      _ = send(.touch(node: node.id, phase: "up"))
    case .tab(let tabs, let index, _):
      if Double(index) != tabs.props["sel"]?.number { _ = send(.select(node: tabs.id, index: index)) }
    case .row(let table, let row):
      if let path = row.props["row"]?.array, path.count == 2 {
        _ = send(.row(node: table.id, section: Int(path[0].number ?? 0), row: Int(path[1].number ?? 0)))
      }
    case .field:
      break
    }
  }

  // MARK: Focus

  /// Whether the browser can focus `element`: an enabled control or an element with a tab index.
  func isFocusable(_ element: MirrorElement) -> Bool {
    guard element.attribute("disabled") == nil, isVisible(element) else { return false }
    switch element.tag {
    case "button", "select", "textarea": return true
    case "input": return element.attribute("type") != "hidden"
    default: return element.attribute("tabindex") != nil || element.tag == "dialog"
    }
  }

  /// Tab and Shift-Tab: the browser moves the focus to the next or previous element in document
  /// order that takes it from the keyboard (the script never sends Tab to the app).
  func moveFocus(backwards: Bool) {
    let scope = openDialog ?? root
    let order = scope.descendants.filter {
      isFocusable($0) && $0.tag != "dialog" && $0.attribute("tabindex") != "-1"
    }
    guard !order.isEmpty else { return }
    let current = focused.flatMap { element in order.firstIndex { $0 === element } }
    let next: Int
    switch (current, backwards) {
    case (nil, false): next = 0
    case (nil, true): next = order.count - 1
    case (let index?, false): next = (index + 1) % order.count
    case (let index?, true): next = (index + order.count - 1) % order.count
    }
    focused = order[next]
  }

  /// The node whose element is `element` or holds it (`closest('.k')`): the target of its keys.
  private func keyTarget(_ element: MirrorElement?) -> Int {
    var current = element
    while let ancestor = current, ancestor !== root {
      if ancestor.hasClass("k"), let node = ancestor.node { return node.id }
      current = ancestor.parentElement
    }
    return rootNode
  }

  // MARK: Keys and text

  /// The DOM's name of `key` (`event.key`), as the page sends it.
  static func domName(of key: KeyPress.Key) -> String {
    switch key {
    case .character(let character): String(character)
    case .enter: "Enter"
    case .escape: "Escape"
    case .tab: "Tab"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .up: "ArrowUp"
    case .down: "ArrowDown"
    case .left: "ArrowLeft"
    case .right: "ArrowRight"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PageUp"
    case .pageDown: "PageDown"
    case .insert: "Insert"
    case .function(let number): "F\(number)"
    }
  }

  /// A key pressed on the page (`keydown`, and what the focused element does natively first).
  func press(_ press: KeyPress) {
    let key = press.key
    if key == .tab {
      moveFocus(backwards: press.modifiers.contains(.shift))
      return
    }
    let active = focused
    if let active, active.tag == "textarea", let node = active.node {
      // Every key but Esc is the text area's.
      switch key {
      case .escape: focused = nil
      case .enter: edit(node) { $0 + "\n" }
      case .backspace: edit(node) { String($0.dropLast()) }
      case .character(let character) where press.modifiers.isDisjoint(with: [.control, .alt]):
        edit(node) { $0 + String(character) }
      default: break
      }
      return
    }
    let editing = active?.tag == "input" && active?.attribute("type") != "checkbox"
    if let active, editing {
      if key == .escape {
        focused = nil
        return
      }
      if key != .enter {
        guard let node = active.node else { return }
        switch key {
        case .backspace: typeInto(node) { String($0.dropLast()) }
        case .character(let character) where press.modifiers.isDisjoint(with: [.control, .alt]):
          typeInto(node) { $0 + String(character) }
        default: break
        }
        return
      }
    }
    if let active, active.tag == "button", key == .enter || key == .character(" ") {
      if let control = control(at: active) { click(control) }
      return
    }
    if let active, active.tag == "input", key == .character(" ") {
      if let node = active.node ?? active.parentNode, let control = control(at: node.element) { click(control) }
      return
    }
    if let active, active.hasClass("k-tab"), let tabs = active.parentNode {
      let count = tabs.tabTitles?.count ?? 0
      let current = Int(tabs.props["sel"]?.number ?? 0)
      let next: Int? =
        switch key {
        case .left: current - 1
        case .right: current + 1
        case .home: 0
        case .end: count - 1
        default: nil
        }
      if let next {
        if next >= 0 && next < count && next != current { _ = send(.select(node: tabs.id, index: next)) }
        return
      }
    }
    if let active, active.tag == "select", let node = active.node {
      // The select's own keys: arrows choose an option (a `change`); only Esc reaches the app.
      guard key == .escape else {
        let count = node.options?.count ?? 0
        let next = active.selectedIndex + (key == .down ? 1 : key == .up ? -1 : 0)
        if next != active.selectedIndex && next >= 0 && next < count {
          active.selectedIndex = next
          _ = send(.select(node: node.id, index: next))
        }
        return
      }
    }
    let target = keyTarget(active)
    guard target != 0 else { return }
    var modifiers: [String] = []
    let named: Bool = if case .character = key { false } else { true }
    if press.modifiers.contains(.shift) && named { modifiers.append("shift") }
    if press.modifiers.contains(.control) { modifiers.append("ctrl") }
    if press.modifiers.contains(.alt) { modifiers.append("alt") }
    _ = send(.key(node: target, key: Self.domName(of: key), modifiers: modifiers))
  }

  /// Text pasted on the page: into the focused field as typing, else whole to the focused node.
  func paste(_ text: String) {
    if let active = focused, let node = active.node {
      if active.tag == "textarea" {
        edit(node) { $0 + text }
        return
      }
      if active.tag == "input" && active.attribute("type") != "checkbox" {
        typeInto(node) { $0 + text }
        return
      }
    }
    let target = keyTarget(focused)
    guard target != 0, !text.isEmpty else { return }
    _ = send(.paste(node: target, text: text))
  }

  /// The field's text changed by the user (`input`): the page sends the whole text.
  private func typeInto(_ node: MirrorNode, _ change: (String) -> String) {
    let before = node.element.value
    node.element.value = change(before)
    if node.element.value != before { sendFieldText(node) }
  }

  /// The text area's text changed by the user: the page sends the smallest edit (`textEdit`).
  private func edit(_ node: MirrorNode, _ change: (String) -> String) {
    let before = node.element.value
    let after = change(before)
    guard after != before else { return }
    node.element.value = after
    node.shownText = after
    node.sentTexts.append(after)
    let old = Array(before)
    let new = Array(after)
    var start = 0
    while start < min(old.count, new.count) && old[start] == new[start] { start += 1 }
    var endOld = old.count
    var endNew = new.count
    while endOld > start && endNew > start && old[endOld - 1] == new[endNew - 1] {
      endOld -= 1
      endNew -= 1
    }
    func position(_ offset: Int) -> (line: Int, column: Int) {
      let prefix = old[..<offset]
      let line = prefix.count { $0 == "\n" }
      let lineStart = prefix.lastIndex(of: "\n").map { $0 + 1 } ?? 0
      return (line, offset - lineStart)
    }
    _ = send(
      .edit(node: node.id, start: position(start), end: position(endOld), text: String(new[start..<endNew])))
  }
}

extension MirrorElement {
  /// The node of the parent element, if it draws one (a tab's tab list, a check box's label).
  var parentNode: MirrorNode? { parentElement?.node }
}
