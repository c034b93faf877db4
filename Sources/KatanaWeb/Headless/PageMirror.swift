import Foundation
import KatanaUI

/// The page a browser builds from the server's messages, built the same way in Swift: each
/// message is decoded as the page's script decodes it and applied op by op as
/// `Sources/KatanaWeb/Resources/katana.js` applies it (`applyMessage`, `applyOps`, `create`,
/// `setProps`, `place`, `paint`, the widget kit's `createKit` and `setKitProps`), so the elements,
/// attributes, text and field values are the ones the script makes.
///
/// Kept in step with the script by hand, and checked against it: `Tests/Browser/dom_snapshots.py`
/// compares Chromium's page with the references ``HeadlessPage`` records. What is not mirrored,
/// because nothing in the DOM's structure depends on it: inline styles other than the frame
/// (colours, fonts, transitions), table content heights, scrolling, the page's title and history,
/// reconnecting, and the status line outside the root.
///
/// ## Threading
/// Main actor, like the backend whose messages it applies.
@MainActor
final class PageMirror {
  /// The element the script draws into (`#katana-root`).
  let root = MirrorElement("div")
  /// CSS pixels per point (`katana-pixels-per-point`).
  var scale: Double
  /// The window's size in CSS pixels (`innerWidth`, `innerHeight`).
  var windowWidth: Double
  var windowHeight: Double
  /// The focused element (`document.activeElement`), `nil` for the body.
  var focused: MirrorElement?
  /// The node the app's root description draws (`rootNode`): keys go to it when nothing on the
  /// page has the focus.
  private(set) var rootNode = 0
  /// The highest input sequence number the server acknowledged.
  private(set) var acknowledged = 0
  /// Sends a message for the page and returns its sequence number (the script's `send`).
  var send: (PageInput) -> Int = { _ in 0 }

  private(set) var nodes: [Int: MirrorNode] = [:]
  let rootEntry: MirrorNode
  private var propsTable: [MirrorJSON] = []
  private var typingFields: [MirrorNode] = []
  private var dialogsToOpen: [MirrorElement] = []

  init(scale: Double, windowWidth: Double, windowHeight: Double) {
    self.scale = scale
    self.windowWidth = windowWidth
    self.windowHeight = windowHeight
    root.setAttribute("id", "katana-root")
    rootEntry = MirrorNode(id: 0, kind: "container", element: root, isKit: false)
    root.node = rootEntry
    nodes[0] = rootEntry
  }

  /// Why a server message could not be applied: the mirror and the page would disagree.
  struct MessageError: Error, CustomStringConvertible {
    var description: String
  }

  // MARK: Messages

  /// Applies one server message (`applyMessage`).
  ///
  /// - Throws: ``MessageError`` when it is not JSON or speaks another protocol version (the page
  ///   would show "Unsupported protocol version").
  func apply(_ bytes: [UInt8]) throws(MessageError) {
    let message: MirrorJSON
    do {
      message = try JSONDecoder().decode(MirrorJSON.self, from: Data(bytes))
    } catch {
      throw MessageError(description: "a server message is not JSON: \(error)")
    }
    guard message["v"]?.number == Double(WebProtocol.version) else {
      throw MessageError(description: "unsupported protocol version \(message["v"]?.jsString ?? "none")")
    }
    if let ack = message["ack"]?.number {
      acknowledge(Int(ack))
      return
    }
    propsTable = message["s"]?.array ?? []
    applyOps(message["m"]?.array ?? [])
    openDialogs()
    propsTable = []
  }

  private func props(at index: MirrorJSON?) -> [String: MirrorJSON] {
    guard let index = index?.number, index >= 0, Int(index) < propsTable.count else { return [:] }
    return propsTable[Int(index)].object ?? [:]
  }

  private func frame(_ op: [MirrorJSON], from start: Int) -> [Double] {
    (start..<start + 4).map { op.indices.contains($0) ? op[$0].number ?? 0 : 0 }
  }

  private func applyOps(_ ops: [MirrorJSON]) {
    for opValue in ops {
      guard let op = opValue.array, let name = op.first?.string else { continue }
      let node = op.count > 1 ? op[1].number.flatMap { nodes[Int($0)] } : nil
      func int(_ index: Int) -> Int { op.indices.contains(index) ? Int(op[index].number ?? 0) : 0 }
      func text(_ index: Int) -> String { op.indices.contains(index) ? op[index].string ?? "" : "" }
      switch name {
      case "n":
        let created = create(int(1), kind: text(2), frame: frame(op, from: 5), props: props(at: op[safe: 9]), text: text(10))
        if let parent = nodes[int(3)] { place(created, in: parent, at: int(4)) }
        if int(3) == 0 { rootNode = int(1) }
      case "c":
        create(int(1), kind: text(2), frame: frame(op, from: 3), props: props(at: op[safe: 7]), text: text(8))
      case "u":
        if let node { setProps(node, props(at: op[safe: 6]), frame: frame(op, from: 2), text: text(7)) }
      case "i", "m":
        if let node, let parent = nodes[int(2)] { place(node, in: parent, at: int(3)) }
        if int(2) == 0 { rootNode = int(1) }
      case "r":
        if let node { detach(node) }
      case "f":
        if let node { setFrame(node, frame(op, from: 2)) }
      case "a":
        // The page animates frames and opacity with CSS transitions; the end state is the same.
        applyOps(op[safe: 2]?.array ?? [])
      default:
        // "s" scrolls a table: scrolling changes no element.
        break
      }
    }
  }

  // MARK: Elements

  private static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
  private static let landmarkTags = [
    "main": "main", "nav": "nav", "banner": "header", "info": "footer", "aside": "aside", "search": "search",
    "region": "section",
  ]
  static let kitKinds: Set<String> = [
    "checkbox", "tabs", "picker", "textArea", "dialog", "toast", "statusLine", "progressBar", "activityIndicator",
    "scrollView", "keyHelp",
  ]

  static func isHeading(_ role: String?) -> Bool { role.map(headings.contains) ?? false }
  static func landmarkTag(_ role: String?) -> String? { role.flatMap { landmarkTags[$0] } }

  /// The element a node of `kind` with props `props` is drawn with (`element`).
  private func makeElement(kind: String, props: [String: MirrorJSON]) -> (MirrorElement, String?) {
    let role = props["r"]?.string
    let element: MirrorElement
    if kind == "button" && (role == "cb" || role == "sw") {
      element = MirrorElement("input")
      element.setAttribute("type", "checkbox")
    } else if kind == "button" {
      element = MirrorElement("button")
      element.setAttribute("type", "button")
    } else if kind == "textField" {
      element = MirrorElement("input")
      element.setAttribute("type", "text")
    } else if let role, Self.isHeading(role), kind != "table" {
      element = MirrorElement(role)
    } else if let tag = Self.landmarkTag(role), kind != "table" {
      element = MirrorElement(tag)
    } else {
      element = MirrorElement("div")
    }
    return (element, role)
  }

  @discardableResult
  private func create(_ id: Int, kind: String, frame: [Double], props: [String: MirrorJSON], text: String) -> MirrorNode {
    if Self.kitKinds.contains(kind) { return createKit(id, kind: kind, frame: frame, props: props, text: text) }
    let (element, role) = makeElement(kind: kind, props: props)
    let node = MirrorNode(id: id, kind: kind, element: element, isKit: false)
    node.madeForRole = role
    element.node = node
    if kind == "table" {
      let content = MirrorElement("div")
      content.setAttribute("class", "k-content")
      content.setAttribute("role", "list")
      element.append(content)
      node.content = content
    }
    nodes[id] = node
    setProps(node, props, frame: frame, text: text)
    return node
  }

  /// `register` for the kit: adds a node made by ``createKit(_:kind:frame:props:text:)``.
  func register(_ node: MirrorNode) {
    nodes[node.id] = node
  }

  private func setText(_ node: MirrorNode, _ text: String) {
    guard node.text != text else { return }
    node.text = text
    node.element.setTextContent(text)
  }

  /// The class list of `look`: the element's kind and what its props make of it.
  func classes(kind: String, props p: [String: MirrorJSON]) -> String {
    var classes = "k k-" + kind
    if p["bz"]?.isTruthy == true { classes += " k-busy" }
    if kind == "button" && (p["r"]?.string == "cb" || p["r"]?.string == "sw") { classes += " k-check" }
    if p["clip"]?.number != 0 && kind != "table" { classes += " k-clip" }
    if kind == "label" {
      let lines = p["nl"]?.number.map { max(1, $0) } ?? 1
      if p["lb"]?.string == "w" || lines != 1 { classes += " k-wrap" }
      if p["lb"]?.string == "t" { classes += " k-truncate" }
    }
    return classes
  }

  func setProps(_ node: MirrorNode, _ p: [String: MirrorJSON], frame: [Double], text: String) {
    if node.isKit {
      setKitProps(node, p, frame: frame, text: text)
      return
    }
    let element = node.element
    let old = node.frame
    node.props = p
    node.frame = frame
    setAccessibility(node, p)
    if p["row"]?.isTruthy == true { element.setAttribute("role", "listitem") }
    switch node.kind {
    case "label":
      setText(node, text)
    case "button":
      setText(node, text)
      element.setFlag("disabled", p["en"]?.number == 0)
    case "image":
      setText(node, p["img"]?.string ?? "")
      element.setAttribute("title", p["img"]?.string ?? "")
    case "textField":
      setFieldText(node, text)
      element.setAttribute("placeholder", p["ph"]?.string ?? "")
      element.setAttribute("type", p["sec"]?.isTruthy == true ? "password" : "text")
      element.setFlag("disabled", p["en"]?.number == 0)
    default:
      break
    }
    node.classes = classes(kind: node.kind, props: p)
    if node.parent != nil { paint(node, old: old) }
  }

  private func setFrame(_ node: MirrorNode, _ frame: [Double]) {
    let old = node.frame
    node.frame = frame
    if node.parent != nil { paint(node, old: old) }
  }

  // MARK: Culling

  private static let culledKinds: Set<String> = ["label", "image", "button"]

  /// Whether a label, image or button lies wholly outside the window (`outsideWindow`): the
  /// page then draws it with no style and `k-off`.
  private func isOutsideWindow(_ node: MirrorNode, _ frame: [Double]) -> Bool {
    guard Self.culledKinds.contains(node.kind), node.element !== focused else { return false }
    var x = frame[0]
    var y = frame[1]
    var ancestor = node.parent
    while ancestor !== rootEntry {
      guard let current = ancestor, !["table", "scrollView", "dialog"].contains(current.kind), let frame = current.frame
      else { return false }
      x += frame[0]
      y += frame[1]
      ancestor = current.parent
    }
    let left = x * scale
    let top = y * scale
    return left + frame[2] * scale <= 0 || top + frame[3] * scale <= 0 || left >= windowWidth || top >= windowHeight
  }

  /// Writes the element's frame and classes, or culls it (`paint`).
  func paint(_ node: MirrorNode, old: [Double]? = nil) {
    let element = node.element
    let frame = node.frame ?? [0, 0, 0, 0]
    if isOutsideWindow(node, frame) {
      element.styleFrame = nil
      node.isOff = true
      element.setAttribute("class", node.classes + " k-off")
      return
    }
    node.isOff = false
    element.styleFrame = frame.map { $0 * scale }
    element.setAttribute("class", node.classes)
    if node.count > 0, let old, old[0] != frame[0] || old[1] != frame[1] { recull(node.content) }
  }

  /// Culls or draws again every cullable element under `container` whose state changed.
  func recull(_ container: MirrorElement) {
    for element in container.descendants where element.hasClass("k") {
      guard let node = element.node, Self.culledKinds.contains(node.kind), node.parent != nil else { continue }
      if isOutsideWindow(node, node.frame ?? [0, 0, 0, 0]) != node.isOff { paint(node) }
    }
  }

  // MARK: The tree

  private func place(_ node: MirrorNode, in parent: MirrorNode, at index: Int) {
    let container = parent.content
    if node.element === container {
      paint(node)
      return
    }
    let moving = node.parent === parent
    if moving {
      node.element.removeFromParent()
    } else {
      node.parent?.count -= 1
      node.parent = parent
    }
    if index >= parent.count {
      container.append(node.element)
    } else {
      let siblings = container.elementChildren
      let position = index + parent.offset
      container.insert(node.element, before: siblings.indices.contains(position) ? siblings[position] : nil)
    }
    if !moving {
      parent.count += 1
      paint(node)
      if node.count > 0 { recull(node.content) }
    }
  }

  private func detach(_ node: MirrorNode) {
    node.parent?.count -= 1
    node.parent = nil
    nodes[node.id] = nil
    for element in node.element.descendants where element.hasClass("k") {
      if let id = element.node?.id { nodes[id] = nil }
    }
    closeDialogs(in: node.element)
    node.element.removeFromParent()
    if let focused, focused.isInside(node.element) { self.focused = nil }
  }

  /// Whether `element` is in the page (`isConnected`).
  func isConnected(_ element: MirrorElement) -> Bool { element.isInside(root) }

  // MARK: Dialogs

  /// Dialogs made by the message being applied: opened once it is applied (`openDialogs`).
  func openLater(_ dialog: MirrorElement) {
    dialogsToOpen.append(dialog)
  }

  /// `showModal()` on the dialogs of the message just applied: the dialog opens and its first
  /// focusable element takes the focus, remembering where the focus was.
  private func openDialogs() {
    for dialog in dialogsToOpen where isConnected(dialog) && dialog.attribute("open") == nil {
      dialog.node?.returnFocus = focused
      dialog.setAttribute("open", "")
      focused = dialog.descendants.first(where: isFocusable) ?? dialog
    }
    dialogsToOpen = []
  }

  private func closeDialogs(in subtree: MirrorElement) {
    let dialogs = subtree.tag == "dialog" ? [subtree] : subtree.descendants.filter { $0.tag == "dialog" }
    for dialog in dialogs {
      dialogsToOpen.removeAll { $0 === dialog }
      dialog.setAttribute("open", nil)
      if let back = dialog.node?.returnFocus, isConnected(back), !back.isInside(subtree) { focused = back }
    }
  }

  /// The open modal dialog: only what it holds can be clicked or focused.
  var openDialog: MirrorElement? {
    root.descendants.last { $0.tag == "dialog" && $0.attribute("open") != nil }
  }

  // MARK: Text fields

  private func setFieldText(_ node: MirrorNode, _ text: String) {
    node.serverText = text
    if node.unacknowledged == 0 { node.element.value = text }
  }

  /// The page typed into `node`: its text is the page's until the server acknowledges it.
  func sendFieldText(_ node: MirrorNode) {
    let sequence = send(.text(node: node.id, text: node.element.value))
    node.unacknowledged = sequence == 0 ? Int.max : sequence
    if !typingFields.contains(where: { $0 === node }) { typingFields.append(node) }
  }

  private func acknowledge(_ sequence: Int) {
    acknowledged = max(acknowledged, sequence)
    typingFields.removeAll { node in
      guard node.unacknowledged <= acknowledged else { return false }
      node.unacknowledged = 0
      if nodes[node.id] === node { node.element.value = node.serverText }
      return true
    }
  }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension PageMirror {
  /// The document as it stands, as a value.
  var dom: WebDOM { WebDOM(root: snapshot(root)) }

  private func snapshot(_ element: MirrorElement) -> WebDOM.Element {
    var attributes = element.attributes
    attributes["style"] = nil
    let frame = element.styleFrame.map {
      Rect(origin: Point(x: $0[0], y: $0[1]), size: Size(width: $0[2], height: $0[3]))
    }
    let text = element.children.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
    let isField = element.tag == "textarea" || (element.tag == "input" && element.attribute("type") != "checkbox")
    let isCheckbox = element.tag == "input" && element.attribute("type") == "checkbox"
    return WebDOM.Element(
      tag: element.tag, attributes: attributes, frame: frame, text: text, value: isField ? element.value : nil,
      isChecked: isCheckbox ? element.isChecked : nil, selectedIndex: element.tag == "select" ? selectedIndex(of: element) : nil,
      children: element.elementChildren.map(snapshot))
  }

  /// A select's `selectedIndex`: -1 when it has no option to choose.
  private func selectedIndex(of select: MirrorElement) -> Int {
    (0..<select.elementChildren.count).contains(select.selectedIndex) ? select.selectedIndex : -1
  }
}
