/// How many colours the terminal shows; frames are written with colours downgraded to it.
///
/// With ``none`` (the plain fallback) only bold, underline and inverse video remain, which is
/// enough to show focus and state.
public enum ColorSupport: Int, Comparable, Hashable, Sendable, CaseIterable {
  /// No colour: `NO_COLOR` is set, or `TERM` is `dumb` or unknown.
  case none
  /// The 16 ANSI colours.
  case ansi16
  /// The 256-colour palette (`TERM` ends in `256color`).
  case ansi256
  /// 24-bit colour (`COLORTERM` is `truecolor` or `24bit`).
  case trueColor

  /// The support a terminal advertises through its environment variables.
  ///
  /// Follows the common conventions: a non-empty `NO_COLOR` disables colour; `COLORTERM`
  /// `truecolor`/`24bit` enables 24-bit colour; a `TERM` containing `256color` the palette;
  /// any other `TERM` except `dumb` the 16 ANSI colours.
  ///
  /// - Parameter environment: the process environment, e.g. `ProcessInfo.processInfo.environment`.
  public static func detect(environment: [String: String]) -> ColorSupport {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" { return .none }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
    if term.contains("256color") { return .ansi256 }
    return .ansi16
  }

  /// Orders from ``none`` to ``trueColor``.
  public static func < (lhs: ColorSupport, rhs: ColorSupport) -> Bool { lhs.rawValue < rhs.rawValue }
}
