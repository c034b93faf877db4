/// How text lines up horizontally in its frame.
public enum TextAlignment: Hashable, Sendable {
  /// Flush left.
  case left
  /// Centered.
  case center
  /// Flush right.
  case right
  /// Stretched to both edges.
  case justified
}

/// What happens to text that does not fit.
public enum LineBreakMode: Hashable, Sendable {
  /// Wrap at word boundaries.
  case byWordWrapping
  /// Wrap at any character.
  case byCharWrapping
  /// Cut at the edge.
  case byClipping
  /// Replace the start with an ellipsis.
  case byTruncatingHead
  /// Replace the end with an ellipsis.
  case byTruncatingTail
  /// Replace the middle with an ellipsis.
  case byTruncatingMiddle
}
