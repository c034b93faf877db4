/// Something that happened at the terminal: a key, a paste, a mouse event, a new size, or the
/// process continuing after a stop.
public enum TerminalEvent: Hashable, Sendable {
  /// A key, with the modifiers held.
  case key(TerminalKeyPress)
  /// Text pasted while bracketed paste (`ESC [ ? 2004 h`) is on, whole: never key presses. Line
  /// ends are `\n`.
  case paste(String)
  /// A mouse button, wheel or drag event (SGR reports).
  case mouse(MouseEvent)
  /// The terminal changed size (SIGWINCH).
  case resize(TerminalSize)
  /// The process continued after a job-control stop (Ctrl-Z, SIGTSTP): the session set the
  /// terminal up again, and everything must be redrawn at this size, which may have changed.
  case resume(TerminalSize)
}
