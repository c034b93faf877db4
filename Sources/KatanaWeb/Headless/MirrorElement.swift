/// One element of ``PageMirror``'s document: what `document.createElement` makes in the page's
/// script, with the attributes the script sets, its children (elements and text nodes, in order)
/// and the few properties that are not attributes (a field's value, a check box's state, a
/// select's choice).
///
/// The inline style is not kept, except the frame the script writes into it: the rest of it
/// (colours lifted for contrast, font sizes) is worked out by the script.
@MainActor
final class MirrorElement {
  /// A child: an element, or a text node.
  enum Child {
    case element(MirrorElement)
    case text(String)
  }

  /// The lower-case tag name.
  let tag: String
  private(set) var attributes: [String: String] = [:]
  private(set) var children: [Child] = []
  private(set) weak var parentElement: MirrorElement?
  /// The node this element draws (`el.katanaNode` in the script), if any.
  weak var node: MirrorNode?
  /// The frame written into the inline style (`left`, `top`, `width`, `height`), in CSS pixels;
  /// `nil` while the style is empty (never drawn, or culled).
  var styleFrame: [Double]?
  /// `value` of an input, a text area or a progress bar's property (not its attribute).
  var value = ""
  /// `checked` of a check box input.
  var isChecked = false
  /// `selectedIndex` of a select.
  var selectedIndex = 0

  init(_ tag: String) {
    self.tag = tag
  }

  /// The element's children that are elements (`el.children`).
  var elementChildren: [MirrorElement] {
    children.compactMap { if case .element(let element) = $0 { element } else { nil } }
  }

  /// Whether `ancestor` is this element or holds it.
  func isInside(_ ancestor: MirrorElement) -> Bool {
    var element: MirrorElement? = self
    while let current = element {
      if current === ancestor { return true }
      element = current.parentElement
    }
    return false
  }

  /// Every element under this one, in document order (`querySelectorAll('*')`).
  var descendants: [MirrorElement] {
    var result: [MirrorElement] = []
    func walk(_ element: MirrorElement) {
      for child in element.elementChildren {
        result.append(child)
        walk(child)
      }
    }
    walk(self)
    return result
  }

  /// The text of the element and everything under it (`textContent`).
  var textContent: String {
    children.map {
      switch $0 {
      case .element(let element): element.textContent
      case .text(let text): text
      }
    }.joined()
  }

  /// `el.textContent = text`: the children are replaced by one text node (none for "").
  func setTextContent(_ text: String) {
    for child in elementChildren { child.parentElement = nil }
    children = text.isEmpty ? [] : [.text(text)]
  }

  func attribute(_ name: String) -> String? { attributes[name] }

  func hasClass(_ name: String) -> Bool {
    attributes["class"]?.split(separator: " ").contains { $0 == name } ?? false
  }

  /// The script's `setAttribute(el, name, value)`: `nil` removes the attribute.
  func setAttribute(_ name: String, _ value: String?) {
    attributes[name] = value
  }

  /// A reflected boolean attribute (`el.disabled = true`, `el.hidden = false`).
  func setFlag(_ name: String, _ isOn: Bool) {
    attributes[name] = isOn ? "" : nil
  }

  func append(_ child: MirrorElement) {
    child.removeFromParent()
    child.parentElement = self
    children.append(.element(child))
  }

  func appendText(_ text: String) {
    children.append(.text(text))
  }

  /// `insertBefore(child, reference)`; appends when `reference` is `nil`.
  func insert(_ child: MirrorElement, before reference: MirrorElement?) {
    child.removeFromParent()
    child.parentElement = self
    guard let reference,
      let index = children.firstIndex(where: { if case .element(let element) = $0 { element === reference } else { false } })
    else {
      children.append(.element(child))
      return
    }
    children.insert(.element(child), at: index)
  }

  /// `replaceChildren(...)`.
  func replaceChildren(_ newChildren: [Child]) {
    for child in elementChildren { child.parentElement = nil }
    children = []
    for child in newChildren {
      switch child {
      case .element(let element): append(element)
      case .text(let text): appendText(text)
      }
    }
  }

  /// `el.remove()`.
  func removeFromParent() {
    guard let parent = parentElement else { return }
    parent.children.removeAll { if case .element(let element) = $0 { element === self } else { false } }
    self.parentElement = nil
  }
}
