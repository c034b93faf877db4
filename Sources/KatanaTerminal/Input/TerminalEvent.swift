/// Something that happened at the terminal: a key, a mouse event or a new size.
public enum TerminalEvent: Hashable, Sendable {
  case key(TerminalKeyPress)
  case mouse(MouseEvent)
  /// The terminal changed size (SIGWINCH).
  case resize(TerminalSize)
}
