/// Props with nothing but a frame, an alpha and a key; the default ``NodeDescription/PropsType``.
public struct EmptyProps: NodeDescriptionProps, Hashable, Sendable {
  public var frame: Rect
  public var alpha: Double
  public var key: String?

  /// Creates props, all optional.
  public init(frame: Rect = .zero, alpha: Double = 1, key: String? = nil) {
    self.frame = frame
    self.alpha = alpha
    self.key = key
  }
}
