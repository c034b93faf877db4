/// How assistive technology announces changes to an element's text without the user moving
/// focus to it.
public enum LiveRegion: Hashable, Sendable {
  /// Announced when the user is idle: a toast, "3 items left", "Reconnecting…".
  case polite
  /// Announced at once, interrupting: an error that stops the user.
  case assertive
}
