/// Props with nothing but a frame, an alpha and a key; the default ``NodeDescription/PropsType``.
public struct EmptyProps: NodeDescriptionProps, Hashable, Sendable {
  /// The frame, in points, relative to the parent.
  public var frame: Rect
  /// The opacity, from 0 to 1.
  public var alpha: Double
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?

  /// Creates props, all optional.
  public init(frame: Rect = .zero, alpha: Double = 1, key: String? = nil) {
    self.frame = frame
    self.alpha = alpha
    self.key = key
  }
}
