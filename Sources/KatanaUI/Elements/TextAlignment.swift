/// How text lines up horizontally in its frame.
public enum TextAlignment: Hashable, Sendable {
  case left, center, right, justified
}

/// What happens to text that does not fit.
public enum LineBreakMode: Hashable, Sendable {
  case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}
