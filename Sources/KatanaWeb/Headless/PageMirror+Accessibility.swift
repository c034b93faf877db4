/// The ARIA attributes the page's script writes (`ariaRole`, `setAccessibility`): native HTML
/// first, ARIA second, only the attributes a description asked for.
extension PageMirror {
  private static let ariaRoles = [
    "group": "group", "button": "button", "cb": "checkbox", "sw": "switch", "link": "link", "img": "img",
    "list": "list", "li": "listitem", "tablist": "tablist", "tab": "tab", "tabpanel": "tabpanel",
    "picker": "combobox", "option": "option", "progress": "progressbar", "dialog": "dialog",
    "alertdialog": "alertdialog", "status": "status", "alert": "alert", "main": "main", "nav": "navigation",
    "banner": "banner", "info": "contentinfo", "aside": "complementary", "search": "search", "region": "region",
  ]
  private static let accessibilityKeys = ["r", "n", "hi", "v", "ck", "sel", "ex", "bz", "hid", "lv", "rg"]

  /// The ARIA role an element needs besides its tag: none when the tag says it already.
  private func ariaRole(_ role: String?, _ node: MirrorNode) -> String? {
    guard let role, role != "text" else { return nil }
    if role != node.madeForRole { return Self.isHeading(role) ? "heading" : Self.ariaRoles[role] }
    if role == "banner" || role == "info" { return Self.ariaRoles[role] }
    if Self.isHeading(role) || Self.landmarkTag(role) != nil { return nil }
    let tag = node.element.tag
    if (role == "cb" && tag == "input") || (role == "button" && tag == "button") { return nil }
    return Self.ariaRoles[role]
  }

  func setAccessibility(_ node: MirrorNode, _ p: [String: MirrorJSON]) {
    let element = node.element
    let kind = node.kind
    let hidden = p["hid"]?.isTruthy == true
    if kind == "image" {
      element.setAttribute("role", hidden ? nil : "img")
      element.setAttribute("aria-label", hidden ? nil : nonEmpty(p["n"]))
    }
    if kind == "textField" { element.setAttribute("aria-label", nonEmpty(p["n"]) ?? nonEmpty(p["ph"])) }
    guard node.isAccessible || Self.accessibilityKeys.contains(where: { p[$0] != nil }) else { return }
    node.isAccessible = true
    let r = p["r"]?.string
    let role = ariaRole(r, node)
    if kind != "image" { element.setAttribute("role", role) }
    if role == "heading", let r { element.setAttribute("aria-level", String(r.dropFirst())) }
    // A name on a generic <div> is not announced: only elements with a role or a meaningful tag.
    let nameable = role != nil || element.tag != "div"
    if kind != "image" && kind != "textField" { element.setAttribute("aria-label", nameable ? nonEmpty(p["n"]) : nil) }
    element.setAttribute("title", nonEmpty(p["hi"]))
    let checked = p["ck"].map { String($0.number == 1) }
    if element.tag == "input" && element.attribute("type") == "checkbox" {
      element.isChecked = p["ck"]?.number == 1
    } else if r == "cb" || r == "sw" {
      element.setAttribute("aria-checked", checked)
    } else {
      // A button with a checked state is a toggle button: pressed or not.
      element.setAttribute("aria-pressed", kind == "button" ? checked : nil)
    }
    let selectable = r == "tab" || r == "option"
    element.setAttribute("aria-selected", selectable ? p["sel"].map { String($0.number == 1) } : nil)
    element.setAttribute("aria-current", !selectable && p["sel"]?.number == 1 ? "true" : nil)
    element.setAttribute("aria-expanded", p["ex"].map { String($0.number == 1) })
    element.setAttribute("aria-busy", p["bz"]?.isTruthy == true ? "true" : nil)
    element.setAttribute("aria-hidden", hidden ? "true" : nil)
    let live = p["lv"]?.string
    element.setAttribute("aria-live", live == "p" ? "polite" : live == "a" ? "assertive" : nil)
    let range = r == "progress" && p["rg"]?.isTruthy == true ? p["rg"] : nil
    element.setAttribute("aria-valuenow", range?[0]?.jsString)
    element.setAttribute("aria-valuemin", range?[1]?.jsString)
    element.setAttribute("aria-valuemax", range?[2]?.jsString)
    let valueText = p["v"] != nil && (r == "progress" || r == "picker") ? p["v"]?.jsString : nil
    element.setAttribute("aria-valuetext", valueText)
  }

  /// `p.x || null` for a string prop: nothing when absent or empty.
  func nonEmpty(_ value: MirrorJSON?) -> String? {
    guard let value, value.isTruthy else { return nil }
    return value.jsString
  }
}
