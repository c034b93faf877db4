import KatanaUI

/// The grid every Notes screen is laid out on, and the small builders its screens share.
///
/// One line is 16 points and one column 8: a terminal cell on `CellGeometry.fontCell`, 16 × 8
/// CSS-scaled points in a browser.
enum NotesLayout {
  /// A line of text, in points.
  static let line = 16.0
  /// One character's width, in points.
  static let column = 8.0
  /// The colour of help lines and secondary text.
  static let quiet = Theme.standard.secondaryText

  /// A one-line label.
  static func label(
    _ key: String, _ text: String, x: Double = column, y: Double, width: Double, color: Color = Theme.standard.text,
    accessibility: Accessibility = Accessibility(), alignment: TextAlignment = .left
  ) -> AnyNodeDescription {
    Label(props: LabelProps.build { label in
      label.key = key
      label.frame = Rect(x: x, y: y, width: max(0, width), height: line)
      label.text = text
      label.textColor = color
      label.textAlignment = alignment
      label.lineBreakMode = .byTruncatingTail
      label.accessibility = accessibility
    })
  }

  /// A one-line button as wide as its title (buttons centre their titles).
  static func button(
    _ key: String, _ title: String, x: Double, y: Double, width: Double? = nil,
    accessibility: Accessibility = Accessibility(), isEnabled: Bool = true, action: @escaping TouchHandlerClosure
  ) -> AnyNodeDescription {
    Button(props: ButtonProps.build { button in
      button.key = key
      button.frame = Rect(x: x, y: y, width: width ?? Double(title.count) * column, height: line)
      button.titles[.normal] = title
      Theme.standard.apply(to: &button)
      button.isEnabled = isEnabled
      button.accessibility = accessibility
      button.touchHandlers = [.touchUpInside: action]
    })
  }

  /// The width of `text` on the grid.
  static func width(_ text: String) -> Double { Double(text.count) * column }
}

extension NotesLayout {
  /// The bottom line of a screen: its key bindings, as the terminal's help line or the browser's
  /// hints.
  static func keyHelp(_ key: String, _ bindings: [KeyBinding], y: Double, width: Double) -> AnyNodeDescription {
    KeyHelpBar(props: KeyHelpBarProps.build { bar in
      bar.key = key
      bar.frame = Rect(x: column, y: y, width: max(0, width), height: line)
      bar.bindings = bindings
    })
  }

  /// A line of status text, announced politely when it changes.
  static func status(
    _ key: String, _ text: String, x: Double = column, y: Double, width: Double, color: Color? = nil
  ) -> AnyNodeDescription {
    StatusLine(props: StatusProps.build { status in
      status.key = key
      status.frame = Rect(x: x, y: y, width: max(0, width), height: line)
      status.text = text
      status.textColor = color
    })
  }

  /// The message of the moment ("Saved"), at the right of the status line's row.
  static func toast(_ key: String, _ text: String, y: Double, screenWidth: Double) -> AnyNodeDescription {
    let width = min(max(0, screenWidth - 2 * column), self.width(text) + 4 * column)
    return Toast(props: StatusProps.build { toast in
      toast.key = key
      toast.frame = Rect(x: max(0, screenWidth - column - width), y: y, width: width, height: line)
      toast.text = text
      toast.textColor = Theme.standard.onAccent
      toast.backgroundColor = Theme.standard.accent
    })
  }

  /// Ctrl-`character`.
  static func control(_ character: Character) -> KeyPress {
    KeyPress(.character(character), modifiers: .control)
  }
}
