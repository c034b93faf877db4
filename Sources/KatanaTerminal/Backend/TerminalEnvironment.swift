import Foundation

/// What the process environment says about the terminal.
enum TerminalEnvironment {
  /// Whether the locale is UTF-8, so box-drawing characters and the ellipsis display; the
  /// backend falls back to ASCII otherwise.
  static var supportsUnicode: Bool {
    let environment = ProcessInfo.processInfo.environment
    let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["LANG"] ?? ""
    let lowered = locale.lowercased()
    return lowered.contains("utf-8") || lowered.contains("utf8")
  }
}
