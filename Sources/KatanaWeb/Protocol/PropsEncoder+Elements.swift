import KatanaUI

// The props of the widget kit's elements, written for the page's script. Keys (besides `a`):
//
// - check box: `on` 1 when checked, `sw` 1 for a switch, `en` 0 when disabled, `tc` text colour,
//   `bg` fill, `nm` an accessible name other than the title (`accessibility.label`);
//   the op's text is its title;
// - tabs: `opts` titles, `sel` selected index, `en`, `nm` the tab list's name (`accessibility.label`);
// - picker: `opts` options, `sel` chosen index, `nm` its name (`accessibility.label`, else the title),
//   `en`;
// - text area: `ph` placeholder, `nm` a name other than the placeholder, `en`, `tc`, `bg`; the op's
//   text is the whole document, except in an update that only echoes the page's own edits: no
//   text, and `ack`, how many of them it acknowledges (see `TextAreaEcho`);
// - dialog: `al` 1 for an alert dialog, `bg`; the op's text is its title;
// - toast, status line: `tc`, `bg`; the op's text is the message;
// - progress bar: `pv` value in thousandths, 0 to 1000 (absent while indeterminate), `nm` name,
//   `tint`;
// - activity indicator: `an` 0 when stopped, `tint`; the op's text is its title;
// - scroll view: `bg`;
// - key-help bar: `keys`, the browser's bindings as `[[key, help], …]` (`Ctrl+Z`), `tc`, `al`
//   (`c`, `r`).

extension PropsEncoder {
  /// The text the op carries for the kit's elements.
  static func kitText(of props: any NodeDescriptionProps) -> String? {
    switch props {
    case let box as CheckboxProps: box.title
    case let area as TextAreaProps: area.document.text
    case let dialog as DialogProps: dialog.title
    case let status as StatusProps: status.text
    case let spinner as ActivityIndicatorProps: spinner.title
    default: nil
    }
  }

  /// Writes the keys of a kit element; nothing for other props.
  static func writeKitElement(_ props: any NodeDescriptionProps, into writer: inout JSONWriter, first: inout Bool) {
    switch props {
    case let box as CheckboxProps:
      if box.isChecked { writeFlag("on", true, into: &writer, first: &first) }
      if box.style == .switch { writeFlag("sw", true, into: &writer, first: &first) }
      if !box.isEnabled { writeFlag("en", false, into: &writer, first: &first) }
      if let color = box.textColor { writeColor("tc", color, into: &writer, first: &first) }
      if box.backgroundColor != .clear { writeColor("bg", box.backgroundColor, into: &writer, first: &first) }
      if let label = box.accessibility.label { writeString("nm", label, into: &writer, first: &first) }
    case let tabs as TabsProps:
      writer.key("opts", first: &first)
      writeStrings(tabs.titles, into: &writer)
      writeNumber("sel", Double(tabs.selectedIndex), into: &writer, first: &first)
      if !tabs.isEnabled { writeFlag("en", false, into: &writer, first: &first) }
      if let label = tabs.accessibility.label { writeString("nm", label, into: &writer, first: &first) }
    case let picker as PickerProps:
      writer.key("opts", first: &first)
      writeStrings(picker.options, into: &writer)
      writeNumber("sel", Double(picker.selectedIndex), into: &writer, first: &first)
      if let name = picker.accessibility.label ?? (picker.title.isEmpty ? nil : picker.title) {
        writeString("nm", name, into: &writer, first: &first)
      }
      if !picker.isEnabled { writeFlag("en", false, into: &writer, first: &first) }
    case let echoed as EchoedTextAreaProps:
      writeKitElement(echoed.area, into: &writer, first: &first)
      writeNumber("ack", Double(echoed.acknowledgedEdits), into: &writer, first: &first)
    case let area as TextAreaProps:
      if !area.placeholder.isEmpty { writeString("ph", area.placeholder, into: &writer, first: &first) }
      if let label = area.accessibility.label { writeString("nm", label, into: &writer, first: &first) }
      if !area.isEnabled { writeFlag("en", false, into: &writer, first: &first) }
      if let color = area.textColor { writeColor("tc", color, into: &writer, first: &first) }
      if let color = area.backgroundColor { writeColor("bg", color, into: &writer, first: &first) }
    case let dialog as DialogProps:
      if dialog.isAlert { writeFlag("al", true, into: &writer, first: &first) }
      if dialog.backgroundColor != .white { writeColor("bg", dialog.backgroundColor, into: &writer, first: &first) }
    case let status as StatusProps:
      if let color = status.textColor { writeColor("tc", color, into: &writer, first: &first) }
      if let color = status.backgroundColor { writeColor("bg", color, into: &writer, first: &first) }
    case let progress as ProgressBarProps:
      // In thousandths, the precision the bar is compared to (numbers are written to hundredths).
      if let value = progress.displayedValue { writeNumber("pv", (value * 1000).rounded(), into: &writer, first: &first) }
      if !progress.title.isEmpty { writeString("nm", progress.title, into: &writer, first: &first) }
      if let tint = progress.tintColor { writeColor("tint", tint, into: &writer, first: &first) }
    case let spinner as ActivityIndicatorProps:
      if !spinner.isAnimating { writeFlag("an", false, into: &writer, first: &first) }
      if let tint = spinner.tintColor { writeColor("tint", tint, into: &writer, first: &first) }
    case let scroll as ScrollViewProps:
      if scroll.backgroundColor != .clear { writeColor("bg", scroll.backgroundColor, into: &writer, first: &first) }
    case let help as KeyHelpBarProps:
      writer.key("keys", first: &first)
      writer.byte(UInt8(ascii: "["))
      var index = 0
      for binding in help.bindings where binding.medium != .terminal && binding.isListed {
        if index > 0 { writer.byte(UInt8(ascii: ",")) }
        let key = binding.keyLabel ?? binding.keys.first.map(KeyHelpBar.browserName(of:)) ?? ""
        writeStrings([key, binding.help], into: &writer)
        index += 1
      }
      writer.byte(UInt8(ascii: "]"))
      if let color = help.textColor { writeColor("tc", color, into: &writer, first: &first) }
      switch help.textAlignment {
      case .left, .justified: break
      case .center: writeString("al", "c", into: &writer, first: &first)
      case .right: writeString("al", "r", into: &writer, first: &first)
      }
    default:
      break
    }
  }
}
