/// The props of an ``Image``.
public struct ImageProps: NodeDescriptionProps, Buildable, Hashable, Sendable {
  public var frame: Rect = .zero
  public var alpha: Double = 1
  public var key: String?
  public var backgroundColor: Color = .clear
  public var cornerRadius: Double = 0
  public var borderWidth: Double = 0
  public var borderColor: Color = .clear
  public var clipsToBounds = true
  /// The image's name; the backend resolves it (an asset, a file, a glyph).
  public var image: String?
  /// A color to tint template images with.
  public var tintColor: Color?

  public init() {}
}
