public import KatanaUI

/// A page's document as the web backend's script builds it, under the root element it draws into
/// (`#katana-root`): taken from a ``HeadlessPage`` with ``HeadlessPage/dom``, a plain value that
/// tests compare and snapshot libraries turn into text (``normalizedHTML``).
///
/// It holds what the server decides: each element's tag, its attributes (roles, `aria-*`, types,
/// names, placeholders, classes), its text, a field's value, a check box's state, a select's
/// choice, and the frame the script places it at. It leaves out what the page's script works out
/// in the browser: the rest of the inline style (the colours lifted to a readable contrast, font
/// sizes, transitions), the height of a table's scrolling content, scroll positions and the focus.
public struct WebDOM: Hashable, Sendable {
  /// One element and what it holds.
  public struct Element: Hashable, Sendable {
    /// The tag name, lower case (`div`, `button`, `input`).
    public var tag: String
    /// The attributes, by name; the inline `style` is not among them (see ``frame``).
    public var attributes: [String: String]
    /// Where the script placed the element, in CSS pixels relative to its parent (the `left`,
    /// `top`, `width` and `height` of its inline style); `nil` when it has none: elements the
    /// script does not place, and elements culled because they lie outside the window.
    public var frame: Rect?
    /// The text directly inside the element (its text nodes, joined), without its children's.
    public var text: String
    /// A text field's or text area's value; `nil` for other elements.
    public var value: String?
    /// Whether a check box input is checked; `nil` for other elements.
    public var isChecked: Bool?
    /// The index of a select's chosen option; `nil` for other elements.
    public var selectedIndex: Int?
    /// The child elements, in order.
    public var children: [Element]

    /// An element with everything given.
    public init(
      tag: String, attributes: [String: String] = [:], frame: Rect? = nil, text: String = "", value: String? = nil,
      isChecked: Bool? = nil, selectedIndex: Int? = nil, children: [Element] = []
    ) {
      self.tag = tag
      self.attributes = attributes
      self.frame = frame
      self.text = text
      self.value = value
      self.isChecked = isChecked
      self.selectedIndex = selectedIndex
      self.children = children
    }
  }

  /// The root element (`<div id="katana-root">`).
  public var root: Element

  /// A document under `root`.
  public init(root: Element) {
    self.root = root
  }

  /// The document as text, one element per line, indented two spaces per level:
  ///
  /// ```
  /// <button class="k k-button k-clip" type="button"> @300,0 80x44 "settings"
  /// ```
  ///
  /// Each line is the tag with its attributes sorted by name (values quoted as JSON strings),
  /// then, when there are any: `@x,y wxh`, the frame in CSS pixels rounded to hundredths;
  /// `value=…` for a field; `checked=true|false` for a check box input; `selected=N` for a select;
  /// and the element's own text as a JSON string. A changed element is one changed line in a
  /// diff. `Tests/Browser/dom_snapshots.py` writes Chromium's page by the same rules.
  public var normalizedHTML: String {
    var lines: [String] = []
    func write(_ element: Element, depth: Int) {
      var line = String(repeating: "  ", count: depth) + "<" + element.tag
      for name in element.attributes.keys.sorted() {
        line += " " + name + "=" + jsonQuoted(element.attributes[name] ?? "")
      }
      line += ">"
      if let frame = element.frame {
        line += " @" + Self.pixels(frame.origin.x) + "," + Self.pixels(frame.origin.y) + " "
          + Self.pixels(frame.size.width) + "x" + Self.pixels(frame.size.height)
      }
      if let value = element.value { line += " value=" + jsonQuoted(value) }
      if let isChecked = element.isChecked { line += " checked=\(isChecked)" }
      if let selectedIndex = element.selectedIndex { line += " selected=\(selectedIndex)" }
      if !element.text.isEmpty { line += " " + jsonQuoted(element.text) }
      lines.append(line)
      for child in element.children { write(child, depth: depth + 1) }
    }
    write(root, depth: 0)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A length rounded to hundredths as JavaScript's `Math.round(v * 100) / 100` and written as
  /// JavaScript writes numbers, so that the browser's side of the comparison writes the same.
  static func pixels(_ value: Double) -> String {
    MirrorJSON.jsString((value * 100 + 0.5).rounded(.down) / 100)
  }
}
