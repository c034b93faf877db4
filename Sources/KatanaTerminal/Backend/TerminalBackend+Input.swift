public import KatanaUI

extension TerminalBackend {
  /// Handles one terminal event: a resize, a key (focus, activation, text input, or a key event
  /// for the focused node), a paste (one edit of the focused text field, or a
  /// ``/KatanaUI/NodeEvent/paste(_:)`` for the focused node), a mouse event (clicks on the element
  /// under the pointer, wheel scrolling of tables), or a resume after a stop (a full redraw).
  public func handle(_ event: TerminalEvent) {
    switch event {
    case .resize(let newSize): resize(to: newSize)
    case .resume(let newSize):
      resize(to: newSize)
      onNeedsDisplay?()
    case .key(let press): handleKey(press)
    case .paste(let text): handlePaste(text)
    case .mouse(let mouse): handleMouse(mouse)
    }
  }

  /// Moves the keyboard focus to `id` if it can take focus; returns whether it did.
  @discardableResult
  public func focus(_ id: NodeID) -> Bool {
    guard nodes[id]?.content.isFocusable == true else { return false }
    if focusedNode != id {
      focusedNode = id
      revealFocusedNode()
      onNeedsDisplay?()
    }
    return true
  }

  /// The topmost node under the cell that receives clicks (a button, touch handler, text field
  /// or table), or nil.
  public func clickTarget(column: Int, row: Int) -> NodeID? {
    layoutIfNeeded()
    guard let hit = visibleRects.last(where: { $0.rect.contains(column: column, row: row) }) else { return nil }
    // An open dialog is modal: clicks outside it reach nothing.
    if let dialog = modal.flatMap({ nodes[$0.dialog] }), !isDescendant(hit.id, of: dialog) { return nil }
    var node = nodes[hit.id]
    while let current = node {
      if current.content.receivesClicks { return current.id }
      node = current.parent
    }
    return nil
  }

  // MARK: Keys

  private func handleKey(_ press: TerminalKeyPress) {
    if focusedNode.flatMap({ nodes[$0] }) == nil { focusedNode = focusableNodes().first }
    let focused = focusedNode.flatMap { nodes[$0] }
    if focused?.content.role == .textField, let focused, editText(of: focused, with: press) { return }
    if focused?.content.role == .textArea, let focused, editTextArea(focused, with: press) { return }
    if let focused, handleElementKey(press, on: focused) { return }
    if focused?.content.role == .textField || focused?.content.role == .textArea, press.key == .escape,
      press.modifiers.isEmpty
    {
      // Esc stops editing (the focus leaves the field) instead of reaching the app, where it
      // would mean Back; a second Esc goes back.
      leaveTextField()
      return
    }
    switch press.key {
    case .tab where press.modifiers.isEmpty:
      cycleFocus(by: 1)
      return
    case .tab:
      cycleFocus(by: -1)
      return
    case .up, .down, .left, .right:
      if press.modifiers.isEmpty, moveFocus(press.key) { return }
    case .enter, .character(" "):
      if let focused, focused.content.role == .button, press.modifiers.isEmpty {
        send(.touch(.touchDown), to: focused.id)
        send(.touch(.touchUpInside), to: focused.id)
        return
      }
    case .pageUp, .pageDown:
      // The table around the focus, else the first one on screen (a list beside a text field).
      let firstTable = { self.treeOrder().lazy.compactMap { self.nodes[$0] }.first { $0.content.scrolls } }
      if let table = enclosingTable(of: focused) ?? firstTable() {
        page(table, down: press.key == .pageDown, focused: focused)
        return
      }
    default:
      break
    }
    guard let key = KeyPress(press) else { return }
    // With nothing focused, keys go to the open dialog, else to the root.
    guard let target = focused?.id ?? modal?.dialog ?? nodes[.container]?.children.first else { return }
    send(.key(key), to: target)
  }

  /// Moves the focus from the focused text field to the next control that is not a text field,
  /// if there is one.
  private func leaveTextField() {
    let focusable = focusableNodes()
    guard let focusedNode, let index = focusable.firstIndex(of: focusedNode) else { return }
    let others = focusable[(index + 1)...] + focusable[..<index]
    if let next = others.first(where: { nodes[$0]?.content.role != .textField && nodes[$0]?.content.role != .textArea }) {
      focus(next)
    }
  }

  private func cycleFocus(by step: Int) {
    let focusable = focusableNodes()
    guard !focusable.isEmpty else { return }
    let next: NodeID
    if let focusedNode, let index = focusable.firstIndex(of: focusedNode) {
      next = focusable[(index + step + focusable.count) % focusable.count]
    } else {
      next = step > 0 ? focusable[0] : focusable[focusable.count - 1]
    }
    focus(next)
  }

  /// Moves the focus to the nearest focusable node in the arrow's direction. Nodes that overlap
  /// the focused one across the direction (same rows for left/right, same columns for up/down)
  /// win over others, so a grid of buttons is walked cell by cell.
  ///
  /// In a table, Up and Down walk its rows first, those scrolled out of view included (the
  /// table then scrolls to show the new focus), and leave it only past its first or last row.
  /// Rows scrolled out of view in another table are not candidates: entering a table lands on
  /// a row the user sees.
  private func moveFocus(_ direction: TerminalKey) -> Bool {
    layoutIfNeeded()
    guard let focusedNode, let from = cellRects[focusedNode] else { return false }
    let vertical = direction == .up || direction == .down
    let focusTable = enclosingTable(of: nodes[focusedNode]?.parent)?.id
    let visible = visibleRectsByID()
    var best: (id: NodeID, sameTable: Bool, aligned: Bool, distance: Int, offset: Int)?
    for id in focusableNodes() where id != focusedNode {
      guard let rect = cellRects[id] else { continue }
      let table = enclosingTable(of: nodes[id]?.parent)?.id
      if let table, table != focusTable, visible[id]?.isEmpty ?? true { continue }
      let sameTable = vertical && table != nil && table == focusTable
      let distance: Int
      let aligned: Bool
      let offset: Int
      switch direction {
      case .right:
        distance = rect.column - from.column
        aligned = rect.row < from.maxRow && from.row < rect.maxRow
        offset = abs(rect.row - from.row)
      case .left:
        distance = from.column - rect.column
        aligned = rect.row < from.maxRow && from.row < rect.maxRow
        offset = abs(rect.row - from.row)
      case .down:
        distance = rect.row - from.row
        aligned = rect.column < from.maxColumn && from.column < rect.maxColumn
        offset = abs(rect.column - from.column)
      default:
        distance = from.row - rect.row
        aligned = rect.column < from.maxColumn && from.column < rect.maxColumn
        offset = abs(rect.column - from.column)
      }
      guard distance > 0 else { continue }
      let candidate = (id, sameTable, aligned, distance, offset)
      if let current = best {
        let better: Bool
        if sameTable != current.sameTable {
          better = sameTable
        } else {
          better = (aligned && !current.aligned)
            || (aligned == current.aligned && (distance + 2 * offset, distance) < (current.distance + 2 * current.offset, current.distance))
        }
        if better { best = candidate }
      } else {
        best = candidate
      }
    }
    guard let best else { return false }
    return focus(best.id)
  }

  // MARK: Mouse

  private func handleMouse(_ mouse: MouseEvent) {
    switch (mouse.button, mouse.action) {
    case (.wheelUp, _), (.wheelDown, _):
      layoutIfNeeded()
      let hit = visibleRects.last { $0.rect.contains(column: mouse.column, row: mouse.row) }
      if let table = enclosingTable(of: hit.flatMap { nodes[$0.id] }) {
        scroll(table, by: mouse.button == .wheelUp ? -1 : 1)
      }
    case (.left, .press), (.right, .press):
      guard let target = clickTarget(column: mouse.column, row: mouse.row) else { return }
      let secondary = mouse.button == .right
      focus(target)
      if !secondary, let node = nodes[target] {
        if node.content.role == .textArea {
          placeCaret(in: node, column: mouse.column, row: mouse.row)
          onNeedsDisplay?()
          return
        }
        if handleElementClick(on: node, column: mouse.column) {
          onNeedsDisplay?()
          return
        }
      }
      pressedNode = (target, secondary)
      send(.touch(secondary ? .secondaryTouchDown : .touchDown), to: target)
      onNeedsDisplay?()
    case (_, .release):
      guard let pressed = pressedNode else { return }
      pressedNode = nil
      let inside = clickTarget(column: mouse.column, row: mouse.row) == pressed.id
      if pressed.secondary {
        if inside { send(.touch(.secondaryTouchUpInside), to: pressed.id) }
      } else {
        send(.touch(inside ? .touchUpInside : .touchUpOutside), to: pressed.id)
        if inside, let table = nodes[pressed.id], table.content.role == .table,
          let indexPath = rowIndexPath(in: table, column: mouse.column, row: mouse.row)
        {
          send(.tableRowTap(indexPath), to: table.id)
        }
      }
      onNeedsDisplay?()
    default:
      break
    }
  }

  // MARK: Tables

  func enclosingTable(of node: TerminalViewNode?) -> TerminalViewNode? {
    var current = node
    while let node = current {
      if node.content.scrolls { return node }
      current = node.parent
    }
    return nil
  }

  private func pageRows(of table: TerminalViewNode) -> Int {
    max(1, (cellRects[table.id]?.height ?? 1) - 1)
  }

  /// Pages `table` by its height less one row. A focus inside the table moves with the page: it
  /// keeps its place on screen, so it moves a page through the rows; where the table cannot
  /// scroll a whole page, it goes to the last (or first) row in view instead, so the ends of the
  /// list are reached.
  private func page(_ table: TerminalViewNode, down: Bool, focused: TerminalViewNode?) {
    layoutIfNeeded()
    let rows = down ? pageRows(of: table) : -pageRows(of: table)
    let scrollBefore = table.scrollRows
    let focusRow = focused.flatMap { enclosingTable(of: $0) === table ? cellRects[$0.id]?.row : nil }
    scroll(table, by: rows)
    guard let focusRow else { return }
    layoutIfNeeded()
    guard let tableRect = cellRects[table.id], !tableRect.isEmpty else { return }
    let target: Int
    if table.scrollRows - scrollBefore == rows {
      target = min(max(focusRow, tableRect.row), tableRect.maxRow - 1)
    } else {
      target = down ? tableRect.maxRow - 1 : tableRect.row
    }
    if let next = nearestVisibleFocusable(in: table, toRow: target) { focus(next) }
  }

  /// The focusable node inside `table` that the user sees (at least partly) whose top row is
  /// nearest to `row`; the upper one on a tie.
  func nearestVisibleFocusable(in table: TerminalViewNode, toRow row: Int) -> NodeID? {
    let visible = visibleRectsByID()
    var best: (id: NodeID, distance: Int)?
    for id in focusableNodes() where visible[id].map({ !$0.isEmpty }) == true {
      guard let node = nodes[id], enclosingTable(of: node.parent) === table, let rect = cellRects[id] else { continue }
      let distance = abs(rect.row - row)
      if best.map({ distance < $0.distance }) ?? true { best = (id, distance) }
    }
    return best?.id
  }

  /// Each drawn node's visible cells, by id.
  private func visibleRectsByID() -> [NodeID: CellRect] {
    layoutIfNeeded()
    return Dictionary(visibleRects.map { ($0.id, $0.rect) }, uniquingKeysWith: { _, last in last })
  }

  /// Scrolls back tables whose content got shorter than their scroll offset (rows removed, a
  /// filter changed), so no table shows empty space below its last row.
  func clampTableScrolls() {
    for id in scrolledTables {
      guard let table = nodes[id], table.content.scrolls else {
        scrolledTables.remove(id)
        continue
      }
      scroll(table, by: 0)
    }
  }

  /// Scrolls a table by whole rows, within its content.
  private func scroll(_ table: TerminalViewNode, by rows: Int) {
    layoutIfNeeded()
    guard let rect = cellRects[table.id] else { return }
    let contentBottom = table.children.compactMap { cellRects[$0]?.maxRow }.max().map { $0 + table.scrollRows } ?? rect.row
    let maximum = max(0, contentBottom - rect.maxRow)
    let newValue = min(max(0, table.scrollRows + rows), maximum)
    guard newValue != table.scrollRows else { return }
    table.scrollRows = newValue
    if newValue > 0 { scrolledTables.insert(table.id) } else { scrolledTables.remove(table.id) }
    layoutIsValid = false
    // Tables that mount only their visible rows move their window to follow.
    guard table.content.role == .table else {
      onNeedsDisplay?()
      return
    }
    send(.tableDidScroll(offset: Double(newValue) * geometry.pointsPerRow), to: table.id)
    onNeedsDisplay?()
  }

  /// Performs a command sent through a ref. Tables scroll to a row (at once: a terminal does not
  /// animate); commands for other nodes, or naming a row that is not mounted, are ignored.
  func perform(_ command: NativeViewCommand, on id: NodeID) {
    switch command {
    case .scrollToRow(let indexPath, let position, _):
      guard let table = nodes[id], table.content.role == .table else { return }
      // The command may follow mutations of the same batch: lay out what they changed first.
      layoutIsValid = false
      scroll(table, toRow: indexPath, at: position)
    }
  }

  /// Scrolls a table by whole rows so the row at `indexPath` shows at `position`, within the
  /// table's content (the last rows cannot scroll above the bottom edge).
  private func scroll(_ table: TerminalViewNode, toRow indexPath: TableIndexPath, at position: TableScrollPosition) {
    layoutIfNeeded()
    guard let tableRect = cellRects[table.id],
      let rowID = table.children.first(where: { (nodes[$0]?.props as? TableRowProps)?.indexPath == indexPath }),
      let rowRect = cellRects[rowID]
    else { return }
    let delta: Int
    switch position {
    case .top:
      delta = rowRect.row - tableRect.row
    case .bottom:
      delta = rowRect.maxRow - tableRect.maxRow
    case .middle:
      delta = (rowRect.row + rowRect.height / 2) - (tableRect.row + tableRect.height / 2)
    case .none:
      if rowRect.row < tableRect.row {
        delta = rowRect.row - tableRect.row
      } else if rowRect.maxRow > tableRect.maxRow {
        delta = min(rowRect.maxRow - tableRect.maxRow, rowRect.row - tableRect.row)
      } else {
        delta = 0
      }
    }
    scroll(table, by: delta)
  }

  /// Scrolls the table around the focused node, if any, so the node is in view.
  func revealFocusedNode() {
    layoutIfNeeded()
    guard let focusedNode, let node = nodes[focusedNode], let table = enclosingTable(of: node.parent),
      let tableRect = cellRects[table.id], let rect = cellRects[focusedNode]
    else { return }
    if rect.row < tableRect.row {
      scroll(table, by: rect.row - tableRect.row)
    } else if rect.maxRow > tableRect.maxRow {
      scroll(table, by: rect.maxRow - tableRect.maxRow)
    }
  }

  /// The index path of the table row under a cell, read from the row's ``/KatanaUI/TableRowProps``.
  private func rowIndexPath(in table: TerminalViewNode, column: Int, row: Int) -> TableIndexPath? {
    for child in table.children where cellRects[child]?.contains(column: column, row: row) == true {
      if let rowProps = nodes[child]?.props as? TableRowProps { return rowProps.indexPath }
    }
    return nil
  }

  func send(_ event: NodeEvent, to node: NodeID) {
    sink?.send(event, to: node)
  }
}
