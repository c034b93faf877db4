/// A width and a height, in points.
///
/// This is the geometric size of a frame or of a reference size. Plastic's scalable counterpart,
/// made of ``Value``s, is ``PlasticSize``.
public struct Size: Hashable, Sendable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size with zero width and height.
  public static let zero = Size(width: 0, height: 0)
}
