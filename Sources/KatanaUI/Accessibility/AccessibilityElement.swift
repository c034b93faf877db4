/// One element as assistive technology perceives it: its role, name and state, after the
/// description's ``Accessibility`` was combined with the element's own text and kind.
///
/// Backends map it to their medium; the ``RecordingBackend`` builds a tree of them
/// (``RecordingBackend/accessibilityTree``) so tests can assert on what a screen reader hears.
public struct AccessibilityElement: Hashable, Sendable, CustomStringConvertible {
  /// What the element is.
  public var role: AccessibilityRole
  /// Its accessible name; empty when it has none.
  public var name: String
  /// Its value, when it has one (a text field's text, a picker's choice, "3 of 10").
  public var value: String?
  /// The hint, when the description gave one.
  public var hint: String?
  /// On or off, for checkboxes and switches.
  public var isChecked: Bool?
  /// Selected or not, for tabs, options and list items that can be.
  public var isSelected: Bool?
  /// Open or not, for controls that show more.
  public var isExpanded: Bool?
  /// Whether the element's work is in progress.
  public var isBusy: Bool
  /// Whether the element can be used (`false` for a disabled control).
  public var isEnabled: Bool
  /// The value of a progress bar; `nil` while indeterminate.
  public var range: AccessibilityRange?
  /// Whether changes are announced, and how.
  public var liveRegion: LiveRegion?
  /// The elements inside it, in reading order.
  public var children: [AccessibilityElement]

  /// An element with the given role and name and nothing else.
  public init(
    role: AccessibilityRole, name: String = "", value: String? = nil, hint: String? = nil, isChecked: Bool? = nil,
    isSelected: Bool? = nil, isExpanded: Bool? = nil, isBusy: Bool = false, isEnabled: Bool = true,
    range: AccessibilityRange? = nil, liveRegion: LiveRegion? = nil, children: [AccessibilityElement] = []
  ) {
    self.role = role
    self.name = name
    self.value = value
    self.hint = hint
    self.isChecked = isChecked
    self.isSelected = isSelected
    self.isExpanded = isExpanded
    self.isBusy = isBusy
    self.isEnabled = isEnabled
    self.range = range
    self.liveRegion = liveRegion
    self.children = children
  }

  /// Whether assistive technology treats the element as a control the user operates (and the
  /// terminal puts its cursor on when focused).
  public var isControl: Bool {
    switch role {
    case .button, .checkbox, .switch, .link, .textField, .textArea, .tab, .picker, .option: true
    default: false
    }
  }

  /// One line, as a screen reader would say it: `checkbox "Done: Milk" checked`.
  public var description: String {
    var parts = [Self.roleName(role)]
    if !name.isEmpty { parts.append("\"\(name)\"") }
    if let value { parts.append("value \"\(value)\"") }
    if let isChecked { parts.append(isChecked ? "checked" : "unchecked") }
    if isSelected == true { parts.append("selected") }
    if let isExpanded { parts.append(isExpanded ? "expanded" : "collapsed") }
    if let range { parts.append("\(Int((range.fraction * 100).rounded()))%") }
    if isBusy { parts.append("busy") }
    if !isEnabled { parts.append("disabled") }
    if let liveRegion { parts.append(liveRegion == .polite ? "live polite" : "live assertive") }
    return parts.joined(separator: " ")
  }

  /// The tree as indented lines, one element each, for exact comparisons in tests.
  public var outline: String {
    var lines: [String] = []
    appendOutline(depth: 0, to: &lines)
    return lines.joined(separator: "\n")
  }

  private func appendOutline(depth: Int, to lines: inout [String]) {
    lines.append(String(repeating: "  ", count: depth) + description)
    for child in children { child.appendOutline(depth: depth + 1, to: &lines) }
  }

  /// The role's name in lines and logs (`heading 2`, `landmark main`).
  static func roleName(_ role: AccessibilityRole) -> String {
    switch role {
    case .heading(let level): "heading \(level)"
    case .dialog(let isAlert): isAlert ? "alertdialog" : "dialog"
    case .landmark(let landmark): "landmark \(landmark)"
    default: "\(role)"
    }
  }
}
