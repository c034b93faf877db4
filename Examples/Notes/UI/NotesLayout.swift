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
