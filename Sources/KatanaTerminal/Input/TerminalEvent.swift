/// Something that happened at the terminal: a key, a mouse event or a new size.
public enum TerminalEvent: Hashable, Sendable {
  /// A key, with the modifiers held.
  case key(TerminalKeyPress)
  /// A mouse button, wheel or drag event (SGR reports).
  case mouse(MouseEvent)
  /// The terminal changed size (SIGWINCH).
  case resize(TerminalSize)
}
