/// How one cell is drawn: colours and text attributes.
public struct CellStyle: Hashable, Sendable {
  /// The text colour; nil is the terminal's default.
  public var foreground: TerminalColor?
  /// The background colour; nil is the terminal's default.
  public var background: TerminalColor?
  /// Bold (often brighter) text.
  public var isBold: Bool
  /// Underlined text.
  public var isUnderlined: Bool
  /// Swaps foreground and background; works even without colour support.
  public var isInverse: Bool

  /// The terminal's default look.
  public static let plain = CellStyle()

  /// A style; every part defaults to the terminal's own.
  public init(
    foreground: TerminalColor? = nil,
    background: TerminalColor? = nil,
    isBold: Bool = false,
    isUnderlined: Bool = false,
    isInverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.isBold = isBold
    self.isUnderlined = isUnderlined
    self.isInverse = isInverse
  }

  /// The complete SGR sequence that selects this style from any previous one.
  ///
  /// It starts with a reset (`0`), so the result does not depend on what the terminal had.
  func selectGraphicRendition(colorSupport: ColorSupport) -> String {
    var parameters = ["0"]
    if isBold { parameters.append("1") }
    if isUnderlined { parameters.append("4") }
    if isInverse { parameters.append("7") }
    if let foreground = foreground?.downgraded(to: colorSupport) {
      parameters.append(foreground.sgrParameters(background: false))
    }
    if let background = background?.downgraded(to: colorSupport) {
      parameters.append(background.sgrParameters(background: true))
    }
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }

  /// This style as it looks on a terminal with the given support (colours dropped or downgraded).
  func effective(for colorSupport: ColorSupport) -> CellStyle {
    var copy = self
    copy.foreground = foreground?.downgraded(to: colorSupport)
    copy.background = background?.downgraded(to: colorSupport)
    return copy
  }
}
