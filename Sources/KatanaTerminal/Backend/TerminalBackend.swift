public import KatanaUI

/// A KatanaUI backend that draws into a grid of terminal cells and turns keys and mouse clicks
/// into node events.
///
/// ## Units and rounding
/// Frames arrive in Plastic points; ``CellGeometry`` maps them to cells (by default one point is
/// one column and two points are one row, so a Plastic square looks square). Each node's absolute
/// frame is computed in points first and only then rounded, edge by edge, so siblings that touch
/// in points touch in cells. ``containerSize`` is the terminal size in points (80×30 cells →
/// 80×60 points).
///
/// ## Elements
/// View (background, border), Label (text, alignment, tail truncation), Button (title; the
/// focused or pressed button shows in inverse video with brackets around its title), TouchHandler,
/// TextField (text, placeholder, caret), Table (rows scroll with the wheel, Page Up/Down, to follow
/// focus, or to a row on a ``/KatanaUI/TableRef`` request; `animated` is ignored; each scroll is
/// reported with ``/KatanaUI/NodeEvent/tableDidScroll(offset:)`` so tables that mount only their
/// visible rows follow — until the renderer caught up, scrolling stops at the last mounted row)
/// and Image (a placeholder pattern). Colours are downgraded to the terminal's ``ColorSupport``; with
/// none, the focus is still visible through inverse video and brackets. Text is measured in
/// terminal columns (``CharacterWidth``): wide characters take two cells, combining marks none.
///
/// ## Input
/// - Tab / Shift-Tab cycle the focus through enabled buttons and text fields in tree order; the
///   arrow keys move it to the nearest one in that direction.
/// - Enter or Space on a focused button sends `touchDown` then `touchUpInside`; a focused text
///   field takes printable characters at its caret (Left / Right / Home / End move it, Backspace
///   and Delete remove around it) and reports its new text with
///   ``/KatanaUI/NodeEvent/textInput(_:)``; a paste is one such edit. Elsewhere a paste goes to the
///   focused node as ``/KatanaUI/NodeEvent/paste(_:)``.
/// - Page Up / Page Down page the table around the focus, or else the first table on screen; a
///   focus inside the table moves with the page (to the last or first row in view where the
///   table cannot scroll a whole page). The wheel scrolls without moving the focus.
/// - In a table, Up and Down walk its rows, scrolling to show the newly focused one, and leave the
///   table past its first or last row.
/// - Other keys go to the focused node as ``/KatanaUI/NodeEvent/key(_:)`` (to the root node when
///   nothing is focused); KatanaUI passes unhandled events to the parent.
/// - A left click on the element under the pointer focuses it and sends `touchDown`, then
///   `touchUpInside` (or `touchUpOutside`) on release; a right click sends
///   ``/KatanaUI/TouchHandlerEvent/secondaryTouchDown`` and
///   ``/KatanaUI/TouchHandlerEvent/secondaryTouchUpInside``. A click on a table row sends
///   ``/KatanaUI/NodeEvent/tableRowTap(_:)`` to the table.
///
/// Everything runs on the main actor, like the renderer.
@MainActor
public final class TerminalBackend: RendererBackend {
  /// The view tree, by id; ``/KatanaUI/NodeID/container`` is the root container.
  var nodes: [NodeID: TerminalViewNode] = [:]
  weak var sink: (any BackendEventSink)?

  /// The terminal size in cells.
  public private(set) var size: TerminalSize
  /// How points map to cells.
  public let geometry: CellGeometry
  /// The colours frames are drawn with.
  public let colorSupport: ColorSupport
  /// Whether box-drawing characters and the ellipsis may be used; ASCII otherwise.
  public let usesUnicode: Bool
  /// The colours of what the backend draws on its own: placeholders and disabled titles use
  /// ``/KatanaUI/Theme/secondaryText``.
  public let theme: Theme

  /// Called whenever what the backend shows changed (mutations, focus, scrolling, resize); the
  /// event loop schedules a frame. Not called while drawing.
  public var onNeedsDisplay: (@MainActor () -> Void)?

  /// The node that has keyboard focus, if any.
  public internal(set) var focusedNode: NodeID?
  /// The node a mouse button went down on, until it is released.
  var pressedNode: (id: NodeID, secondary: Bool)?

  /// Each drawn node's visible cells, in drawing order (later is on top); rebuilt by ``layout()``.
  var visibleRects: [(id: NodeID, rect: CellRect)] = []
  /// Each drawn node's full (unclipped) cells.
  var cellRects: [NodeID: CellRect] = [:]
  var layoutIsValid = false
  /// The tables scrolled away from their top, so a batch of mutations checks only them for
  /// content that got shorter.
  var scrolledTables: Set<NodeID> = []

  /// The time spinners and indeterminate progress bars are drawn at: the ``TerminalEventLoop``
  /// sets it from its injected clock before each frame, so a test with a manual clock (or one
  /// setting it directly) draws a known frame. Animated elements cost no mutations.
  public var animationTime: Duration = .zero

  /// The dialog the focus is kept inside, and the node that had the focus before it opened.
  var modal: (dialog: NodeID, returnFocus: NodeID?)?

  /// How many mutations ``apply(_:)`` received in all (nested animated ones included); a
  /// diagnostic for tests and benchmarks.
  public private(set) var appliedMutationCount = 0

  /// Where the user is, as the app's ``/KatanaUI/NavigationRoot`` last said (its
  /// ``/KatanaUI/NavigationLocation``'s breadcrumb); the event loop shows it as the terminal
  /// window's title. `nil` for an app without one.
  public private(set) var windowTitle: String?

  /// A backend for a terminal of `size` cells.
  public init(
    size: TerminalSize,
    colorSupport: ColorSupport = .ansi16,
    geometry: CellGeometry = .standard,
    usesUnicode: Bool = true,
    theme: Theme = .standard
  ) {
    self.size = size
    self.colorSupport = colorSupport
    self.geometry = geometry
    self.usesUnicode = usesUnicode
    self.theme = theme
    let container = TerminalViewNode(id: .container, kind: .view, props: EmptyProps())
    nodes[.container] = container
  }

  /// The terminal size in points (see ``CellGeometry/pointSize(of:)``).
  public var containerSize: Size {
    let points = geometry.pointSize(of: size)
    return Size(width: points.width, height: points.height)
  }

  /// One cell of the grid in points (``CellGeometry/pointsPerColumn`` ×
  /// ``CellGeometry/pointsPerRow``): layouts see it as ``/KatanaUI/ViewsContainer/characterCell``.
  public var characterCell: Size? {
    Size(width: geometry.pointsPerColumn, height: geometry.pointsPerRow)
  }

  /// Keeps the renderer (weakly) to report events and resizes to.
  public func attach(_ sink: any BackendEventSink) {
    self.sink = sink
  }

  /// Applies the renderer's mutations to the view tree in order, then asks for a frame.
  /// Mutations naming unknown nodes are ignored. Tables whose content got shorter scroll back to
  /// their last row. When the focused node goes away inside a table that stays (its row was
  /// deleted, or scrolled far enough to be unmounted), the row in view nearest to where it was
  /// takes the focus; otherwise the first focusable node takes it when nothing has it.
  public func apply(_ mutations: [Mutation]) {
    guard !mutations.isEmpty else { return }
    // Where the focus was, as last drawn: the table around it and its row on screen.
    let focusPlace = focusedNode.flatMap { id -> (table: NodeID, row: Int)? in
      guard let table = enclosingTable(of: nodes[id]?.parent), let rect = cellRects[id] else { return nil }
      return (table.id, rect.row)
    }
    for mutation in mutations { apply(mutation) }
    layoutIsValid = false
    clampTableScrolls()
    updateModal()
    if let focusedNode, nodes[focusedNode]?.content.isFocusable != true { self.focusedNode = nil }
    if focusedNode == nil, let focusPlace, let table = nodes[focusPlace.table], table.content.scrolls {
      focusedNode = nearestVisibleFocusable(in: table, toRow: focusPlace.row)
    }
    if focusedNode == nil { focusedNode = focusableNodes().first }
    onNeedsDisplay?()
  }

  /// Changes the terminal size (after SIGWINCH) and tells the renderer to lay the root out again.
  public func resize(to newSize: TerminalSize) {
    guard newSize != size else { return }
    size = newSize
    layoutIsValid = false
    sink?.containerDidResize(to: containerSize)
    onNeedsDisplay?()
  }

  private func apply(_ mutation: Mutation) {
    appliedMutationCount += 1
    switch mutation {
    case .create(let id, let kind, let props):
      nodes[id] = TerminalViewNode(id: id, kind: kind, props: props)
      readLocation(from: props)
    case .updateProps(let id, let props):
      guard let node = nodes[id] else { return }
      readLocation(from: props)
      node.props = props
      var content = ElementContent(kind: node.kind, props: props)
      if content.role == .textField {
        content.text = node.typedAhead.text(forStoreText: content.text, showing: node.content.text)
      }
      if content.role == .textArea { adoptDocument(content.document, in: node) }
      node.content = content
      if let caret = node.caret, caret > node.content.text.count { node.caret = nil }
    case .insert(let id, let parentID, let index):
      guard let node = nodes[id], let parent = nodes[parentID] else { return }
      detach(node)
      parent.children.insert(id, at: min(max(0, index), parent.children.count))
      node.parent = parent
    case .move(let id, let parentID, let index):
      guard let node = nodes[id], let parent = nodes[parentID] else { return }
      detach(node)
      parent.children.insert(id, at: min(max(0, index), parent.children.count))
      node.parent = parent
    case .remove(let id):
      guard id != .container, let node = nodes[id] else { return }
      detach(node)
      forget(node)
    case .setFrame(let id, let frame):
      nodes[id]?.props.frame = frame
    case .animate(_, let nested):
      // The renderer times transitions on its clock; a terminal shows each step at once.
      for mutation in nested { apply(mutation) }
    case .command(let id, let command):
      perform(command, on: id)
    }
  }

  private func readLocation(from props: any NodeDescriptionProps) {
    guard let props = props as? any NavigationLocationProps, let location = props.location else { return }
    windowTitle = location.breadcrumb
  }

  private func detach(_ node: TerminalViewNode) {
    node.parent?.children.removeAll { $0 == node.id }
    node.parent = nil
  }

  private func forget(_ node: TerminalViewNode) {
    for child in node.children {
      if let childNode = nodes[child] { forget(childNode) }
    }
    nodes[node.id] = nil
    scrolledTables.remove(node.id)
    if focusedNode == node.id { focusedNode = nil }
    if pressedNode?.id == node.id { pressedNode = nil }
  }

  /// The ids of the nodes in tree order (parents before children, siblings in order).
  func treeOrder() -> [NodeID] {
    var order: [NodeID] = []
    func visit(_ id: NodeID) {
      guard let node = nodes[id], node.isVisible else { return }
      order.append(id)
      for child in node.children { visit(child) }
    }
    for child in nodes[.container]?.children ?? [] { visit(child) }
    return order
  }

  /// The visible focusable nodes, in tree order; only those inside the open dialog while one is.
  func focusableNodes() -> [NodeID] {
    layoutIfNeeded()
    let dialog = modal.flatMap { nodes[$0.dialog] }
    return treeOrder().filter { id in
      nodes[id]?.content.isFocusable == true && cellRects[id].map { !$0.isEmpty } == true
        && (dialog.map { isDescendant(id, of: $0) } ?? true)
    }
  }
}
