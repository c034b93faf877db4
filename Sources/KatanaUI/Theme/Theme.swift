/// A small set of named colours an app draws its elements with, so one value decides how the
/// whole app looks and backends (terminal, web) draw their own parts (placeholders, disabled
/// titles) to match.
///
/// Put the theme in the root description's props, hand it down, and colour elements from it,
/// either field by field or with the `apply(to:)` helpers:
///
/// ```swift
/// Button(props: ButtonProps.build { button in
///   props.theme.apply(to: &button)
///   button.titles[.normal] = "Increment"
/// })
/// ```
///
/// The defaults follow KatanaUI's colour conventions: black text on a white background, which
/// the terminal backend draws in the terminal's own colours. A plain value: thread-safe.
public struct Theme: Hashable, Sendable {
  /// Ordinary text.
  public var text: Color
  /// Less important text: hints, placeholders, disabled titles.
  public var secondaryText: Color
  /// Behind everything.
  public var background: Color
  /// Headers and highlights.
  public var accent: Color
  /// Text on ``accent``.
  public var onAccent: Color
  /// Buttons and other controls.
  public var control: Color
  /// Titles on ``control``.
  public var onControl: Color
  /// Success and confirmation.
  public var positive: Color
  /// Errors, danger and destructive actions.
  public var negative: Color

  /// A theme from its colours.
  public init(
    text: Color, secondaryText: Color, background: Color, accent: Color, onAccent: Color, control: Color,
    onControl: Color, positive: Color, negative: Color
  ) {
    self.text = text
    self.secondaryText = secondaryText
    self.background = background
    self.accent = accent
    self.onAccent = onAccent
    self.control = control
    self.onControl = onControl
    self.positive = positive
    self.negative = negative
  }

  /// The default: the platform's text and background colours (a terminal's own), an aquamarine
  /// accent, dark teal controls, green and rose for good and bad news.
  public static let standard = Theme(
    text: .black, secondaryText: Color(rgb: 0x7F7F7F), background: .white, accent: Color(rgb: 0x66CDAA),
    onAccent: .black, control: Color(rgb: 0x264348), onControl: .white, positive: Color(rgb: 0x00CD00),
    negative: Color(rgb: 0xD71868))

  /// Stronger colours for low-contrast displays: pure primaries, white on blue controls.
  public static let highContrast = Theme(
    text: .black, secondaryText: Color(rgb: 0x555555), background: .white, accent: .yellow, onAccent: .black,
    control: .blue, onControl: .white, positive: .green, negative: .red)

  /// Colours a label as ordinary text (background and border untouched).
  public func apply(to label: inout LabelProps) {
    label.textColor = text
  }

  /// Colours a button as a control: ``control`` behind, ``onControl`` for the title,
  /// ``secondaryText`` for the disabled title.
  public func apply(to button: inout ButtonProps) {
    button.backgroundColor = control
    button.titleColors[.normal] = onControl
    button.titleColors[.disabled] = secondaryText
  }

  /// Colours a text field: ``text`` on ``background``.
  public func apply(to field: inout TextFieldProps) {
    field.textColor = text
    field.backgroundColor = background
  }
}
