import KatanaUI

/// Writes an element's props as the compact JSON object the page's script reads.
///
/// Only values that differ from the element's defaults are written (the script knows the
/// defaults). The frame and the text are not in the object: the op carries them (see
/// ``MutationEncoder``), so that elements of one style share one object. Keys:
///
/// - every element: `a` alpha, `bg` background, `cr` corner radius, `bw` border width,
///   `bc` border colour, `clip` (0 when not clipping), `ui` (0 when not interactive);
/// - label: `tc` text colour, `fs` font size, `al` alignment (`c`, `r`, `j`),
///   `lb` line breaking (`w` wraps, `t` truncates), `nl` number of lines;
/// - button: `th` highlighted title, `tc`/`thc` normal/highlighted title colours, `img` image,
///   `en` 0 when disabled;
/// - image: `img` name, `tint` colour;
/// - text field: `ph` placeholder, `tc` text colour, `sec` 1 when secure, `en`;
/// - table: `ch` content height, for tables that mount only their visible rows;
/// - table row: `row` `[section,row]`, so a click on it reports its index path;
/// - the kit's elements: see `PropsEncoder+Elements.swift`;
/// - a navigation root (``/KatanaUI/NavigationLocationProps``): `nav`, `{"t":[titles],"p":[paths]}`
///   root first, which the page mirrors in its address, history and title.
///
/// Colours are `#rrggbb`, or `#rrggbbaa` when translucent.
enum PropsEncoder {
  /// The text the op carries: a label's text, a button's normal title, a text field's text.
  static func text(of props: any NodeDescriptionProps) -> String? {
    switch props {
    case let label as LabelProps: label.text
    case let button as ButtonProps: button.title(for: .normal)
    case let field as TextFieldProps: field.text
    default: kitText(of: props)
    }
  }

  static func write(_ props: any NodeDescriptionProps, into writer: inout JSONWriter) {
    writer.byte(UInt8(ascii: "{"))
    var first = true
    if props.alpha != 1 {
      writer.key("a", first: &first)
      writer.number(props.alpha)
    }
    switch props {
    case let label as LabelProps: writeLabel(label, into: &writer, first: &first)
    case let button as ButtonProps: writeButton(button, into: &writer, first: &first)
    case let image as ImageProps: writeImage(image, into: &writer, first: &first)
    case let field as TextFieldProps: writeTextField(field, into: &writer, first: &first)
    case let view as ViewProps:
      writeBox(view.backgroundColor, view.cornerRadius, view.borderWidth, view.borderColor, view.clipsToBounds,
        into: &writer, first: &first)
      if !view.isUserInteractionEnabled {
        writer.key("ui", first: &first)
        writer.byte(UInt8(ascii: "0"))
      }
    case let table as TableProps: writeTable(table, into: &writer, first: &first)
    case let row as TableRowProps:
      writer.key("row", first: &first)
      writer.byte(UInt8(ascii: "["))
      writer.integer(row.indexPath.section)
      writer.byte(UInt8(ascii: ","))
      writer.integer(row.indexPath.row)
      writer.byte(UInt8(ascii: "]"))
    default: writeKitElement(props, into: &writer, first: &first)
    }
    if let navigation = props as? any NavigationLocationProps, let location = navigation.location {
      writeLocation(location, into: &writer, first: &first)
    }
    writer.byte(UInt8(ascii: "}"))
  }

  /// `nav`: `{"t":[titles],"p":[paths]}`, root first; `p` only for an app with URLs.
  private static func writeLocation(_ location: NavigationLocation, into writer: inout JSONWriter, first: inout Bool) {
    writer.key("nav", first: &first)
    var inner = true
    writer.byte(UInt8(ascii: "{"))
    writer.key("t", first: &inner)
    writeStrings(location.titles, into: &writer)
    if let paths = location.paths {
      writer.key("p", first: &inner)
      writeStrings(paths, into: &writer)
    }
    writer.byte(UInt8(ascii: "}"))
  }

  static func writeStrings(_ strings: [String], into writer: inout JSONWriter) {
    writer.byte(UInt8(ascii: "["))
    for (index, string) in strings.enumerated() {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      writer.string(string)
    }
    writer.byte(UInt8(ascii: "]"))
  }

  static func writeFrameNumbers(_ frame: Rect, into writer: inout JSONWriter) {
    writer.number(frame.origin.x)
    writer.byte(UInt8(ascii: ","))
    writer.number(frame.origin.y)
    writer.byte(UInt8(ascii: ","))
    writer.number(frame.size.width)
    writer.byte(UInt8(ascii: ","))
    writer.number(frame.size.height)
  }

  static func writeColor(_ color: Color, into writer: inout JSONWriter) {
    func component(_ value: Double) -> Int { Int((min(max(value.isFinite ? value : 0, 0), 1) * 255).rounded()) }
    var hex = "#"
    let components = [color.red, color.green, color.blue] + (color.alpha < 1 ? [color.alpha] : [])
    for value in components {
      let byte = component(value)
      hex += byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }
    writer.string(hex)
  }

  static func writeColor(_ name: StaticString, _ color: Color, into writer: inout JSONWriter, first: inout Bool) {
    writer.key(name, first: &first)
    writeColor(color, into: &writer)
  }

  static func writeNumber(_ name: StaticString, _ value: Double, into writer: inout JSONWriter, first: inout Bool) {
    writer.key(name, first: &first)
    writer.number(value)
  }

  static func writeString(_ name: StaticString, _ value: String, into writer: inout JSONWriter, first: inout Bool) {
    writer.key(name, first: &first)
    writer.string(value)
  }

  static func writeFlag(_ name: StaticString, _ value: Bool, into writer: inout JSONWriter, first: inout Bool) {
    writer.key(name, first: &first)
    writer.byte(UInt8(ascii: value ? "1" : "0"))
  }

  /// Corner radius and border width arrive resolved (`.fixed(points)`), so scaling by 1 reads them.
  private static func writeBox(
    _ background: Color, _ cornerRadiusValue: Value, _ borderWidthValue: Value, _ borderColor: Color, _ clips: Bool,
    into writer: inout JSONWriter, first: inout Bool
  ) {
    let cornerRadius = cornerRadiusValue.scale(by: 1)
    let borderWidth = borderWidthValue.scale(by: 1)
    if background != .clear { writeColor("bg", background, into: &writer, first: &first) }
    if cornerRadius != 0 { writeNumber("cr", cornerRadius, into: &writer, first: &first) }
    if borderWidth != 0 { writeNumber("bw", borderWidth, into: &writer, first: &first) }
    if borderColor != .clear { writeColor("bc", borderColor, into: &writer, first: &first) }
    if !clips { writeFlag("clip", false, into: &writer, first: &first) }
  }

  private static func writeLabel(_ label: LabelProps, into writer: inout JSONWriter, first: inout Bool) {
    writeBox(label.backgroundColor, label.cornerRadius, label.borderWidth, label.borderColor, label.clipsToBounds,
      into: &writer, first: &first)
    if label.textColor != .black { writeColor("tc", label.textColor, into: &writer, first: &first) }
    if label.fontSize != 17 { writeNumber("fs", label.fontSize, into: &writer, first: &first) }
    switch label.textAlignment {
    case .left: break
    case .center: writeString("al", "c", into: &writer, first: &first)
    case .right: writeString("al", "r", into: &writer, first: &first)
    case .justified: writeString("al", "j", into: &writer, first: &first)
    }
    switch label.lineBreakMode {
    case .byClipping: break
    case .byWordWrapping, .byCharWrapping: writeString("lb", "w", into: &writer, first: &first)
    case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle: writeString("lb", "t", into: &writer, first: &first)
    }
    if label.numberOfLines != 1 { writeNumber("nl", Double(label.numberOfLines), into: &writer, first: &first) }
  }

  private static func writeButton(_ button: ButtonProps, into writer: inout JSONWriter, first: inout Bool) {
    writeBox(button.backgroundColor, button.cornerRadius, button.borderWidth, button.borderColor, button.clipsToBounds,
      into: &writer, first: &first)
    if let title = button.titles[.highlighted], title != button.title(for: .normal) {
      writeString("th", title, into: &writer, first: &first)
    }
    if let color = button.titleColors[.normal] { writeColor("tc", color, into: &writer, first: &first) }
    if let color = button.titleColors[.highlighted], color != button.titleColors[.normal] {
      writeColor("thc", color, into: &writer, first: &first)
    }
    if let image = button.images[.normal] { writeString("img", image, into: &writer, first: &first) }
    if !button.isEnabled { writeFlag("en", false, into: &writer, first: &first) }
  }

  private static func writeImage(_ image: ImageProps, into writer: inout JSONWriter, first: inout Bool) {
    writeBox(image.backgroundColor, image.cornerRadius, image.borderWidth, image.borderColor, image.clipsToBounds,
      into: &writer, first: &first)
    if let name = image.image { writeString("img", name, into: &writer, first: &first) }
    if let tint = image.tintColor { writeColor("tint", tint, into: &writer, first: &first) }
  }

  private static func writeTextField(_ field: TextFieldProps, into writer: inout JSONWriter, first: inout Bool) {
    writeBox(field.backgroundColor, field.cornerRadius, field.borderWidth, field.borderColor, true,
      into: &writer, first: &first)
    if !field.placeholder.isEmpty { writeString("ph", field.placeholder, into: &writer, first: &first) }
    if field.textColor != .black { writeColor("tc", field.textColor, into: &writer, first: &first) }
    if field.isSecure { writeFlag("sec", true, into: &writer, first: &first) }
    if !field.isEnabled { writeFlag("en", false, into: &writer, first: &first) }
  }

  private static func writeTable(_ table: TableProps, into writer: inout JSONWriter, first: inout Bool) {
    if table.backgroundColor != .clear { writeColor("bg", table.backgroundColor, into: &writer, first: &first) }
    guard table.mountsOnlyVisibleRows else { return }
    // The rows that are not mounted still count for the scroll bar. Heights are taken at scale 1:
    // the page also grows the content to the lowest mounted row.
    let delegate = table.delegate
    var height = 0.0
    for section in 0..<max(0, delegate.numberOfSections()) {
      for row in 0..<max(0, delegate.numberOfRows(forSection: section)) {
        height += max(0, delegate.height(forRowAt: TableIndexPath(section: section, row: row)).scale(by: 1))
      }
    }
    writeNumber("ch", height, into: &writer, first: &first)
  }
}
