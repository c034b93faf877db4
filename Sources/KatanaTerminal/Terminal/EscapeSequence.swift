/// The control sequences a session sends, in one place.
enum EscapeSequence {
  static let enterAlternateScreen = "\u{1B}[?1049h"
  static let exitAlternateScreen = "\u{1B}[?1049l"
  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  /// Button press/release tracking (1000) reported in SGR encoding (1006).
  static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
  static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"
  /// Pasted text arrives between `ESC [ 200 ~` and `ESC [ 201 ~` instead of as typed keys.
  static let enableBracketedPaste = "\u{1B}[?2004h"
  static let disableBracketedPaste = "\u{1B}[?2004l"
  static let resetStyle = "\u{1B}[0m"
  static let clearScreen = "\u{1B}[2J"
  /// xterm's title stack: push the window title, and pop it back.
  static let saveWindowTitle = "\u{1B}[22;2t"
  static let restoreWindowTitle = "\u{1B}[23;2t"

  /// Sets the window title (OSC 2); control characters become spaces, so the title cannot end
  /// the sequence early or start another.
  static func windowTitle(_ title: String) -> String {
    let safe = String(title.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    return "\u{1B}]2;" + safe + "\u{07}"
  }

  /// Everything that undoes a session's setup, in a static buffer so a crash handler can write it
  /// without allocating. Harmless when a part was not enabled.
  static let restoreAll: StaticString = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"
}
