/// Distances inwards from each edge of a rectangle, in points.
///
/// The geometric result of scaling a Plastic ``EdgeInsets``.
public struct Insets: Hashable, Sendable {
  /// Distance from the top edge.
  public var top: Double
  /// Distance from the left edge.
  public var left: Double
  /// Distance from the bottom edge.
  public var bottom: Double
  /// Distance from the right edge.
  public var right: Double

  /// Creates insets.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
}
