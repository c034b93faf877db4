import KatanaUI

/// The accessibility keys of the props object: only what a description set, so the thousands of
/// plain labels of a large mount carry nothing more. The page's script maps them to native HTML
/// first and ARIA second (see the KatanaWeb article "How pages look"):
///
/// - `r` the role, when it is not the element's natural one: `h1`…`h6`, `cb` checkbox, `sw`
///   switch, `link`, `img`, `text`, `group`, `list`, `li`, `tablist`, `tab`, `tabpanel`, `picker`,
///   `option`, `progress`, `dialog`, `alertdialog`, `status`, `alert`, and the landmarks `main`,
///   `nav`, `banner`, `info` (content info), `aside` (complementary), `search`, `region`;
/// - `n` the accessible name, `hi` the hint, `v` the value;
/// - `ck` checked (0/1; on a button, pressed: a toggle button), `sel` selected, `ex` expanded;
/// - `bz` 1 while busy, `hid` 1 when hidden, `lv` `p`/`a` for a polite/assertive live region
///   (when set; statuses and alerts are live by nature);
/// - `rg` `[current,minimum,maximum]` for a progress bar.
extension PropsEncoder {
  static func writeAccessibility(_ props: any NodeDescriptionProps, into writer: inout JSONWriter, first: inout Bool) {
    guard let accessibility = (props as? any AccessibleProps)?.accessibility, accessibility != Accessibility() else {
      return
    }
    if let role = accessibility.role, let code = code(of: role) {
      writer.key("r", first: &first)
      writer.raw(code)
    }
    if let label = accessibility.label { writeText("n", label, into: &writer, first: &first) }
    if let hint = accessibility.hint { writeText("hi", hint, into: &writer, first: &first) }
    if let value = accessibility.value { writeText("v", value, into: &writer, first: &first) }
    if let checked = accessibility.isChecked { writeBit("ck", checked, into: &writer, first: &first) }
    if let selected = accessibility.isSelected { writeBit("sel", selected, into: &writer, first: &first) }
    if let expanded = accessibility.isExpanded { writeBit("ex", expanded, into: &writer, first: &first) }
    if accessibility.isBusy { writeBit("bz", true, into: &writer, first: &first) }
    if accessibility.isHidden { writeBit("hid", true, into: &writer, first: &first) }
    if let live = accessibility.liveRegion {
      writer.key("lv", first: &first)
      writer.raw(live == .polite ? "\"p\"" : "\"a\"")
    }
    if let range = accessibility.range {
      writer.key("rg", first: &first)
      writer.byte(UInt8(ascii: "["))
      writer.number(range.current)
      writer.byte(UInt8(ascii: ","))
      writer.number(range.minimum)
      writer.byte(UInt8(ascii: ","))
      writer.number(range.maximum)
      writer.byte(UInt8(ascii: "]"))
    }
  }

  /// The role's code, quoted, as the script reads it.
  static func code(of role: AccessibilityRole) -> StaticString? {
    switch role {
    case .heading(let level):
      switch min(max(level, 1), 6) {
      case 1: "\"h1\""
      case 2: "\"h2\""
      case 3: "\"h3\""
      case 4: "\"h4\""
      case 5: "\"h5\""
      default: "\"h6\""
      }
    case .group: "\"group\""
    case .text: "\"text\""
    case .button: "\"button\""
    case .checkbox: "\"cb\""
    case .switch: "\"sw\""
    case .link: "\"link\""
    case .image: "\"img\""
    case .textField, .textArea: nil
    case .list: "\"list\""
    case .listItem: "\"li\""
    case .tabList: "\"tablist\""
    case .tab: "\"tab\""
    case .tabPanel: "\"tabpanel\""
    case .picker: "\"picker\""
    case .option: "\"option\""
    case .progressBar: "\"progress\""
    case .dialog(let isAlert): isAlert ? "\"alertdialog\"" : "\"dialog\""
    case .status: "\"status\""
    case .alert: "\"alert\""
    case .landmark(let landmark):
      switch landmark {
      case .main: "\"main\""
      case .navigation: "\"nav\""
      case .banner: "\"banner\""
      case .contentInfo: "\"info\""
      case .complementary: "\"aside\""
      case .search: "\"search\""
      case .region: "\"region\""
      }
    }
  }

  private static func writeText(_ name: StaticString, _ value: String, into writer: inout JSONWriter, first: inout Bool) {
    writer.key(name, first: &first)
    writer.string(value)
  }

  private static func writeBit(_ name: StaticString, _ value: Bool, into writer: inout JSONWriter, first: inout Bool) {
    writer.key(name, first: &first)
    writer.byte(UInt8(ascii: value ? "1" : "0"))
  }
}
