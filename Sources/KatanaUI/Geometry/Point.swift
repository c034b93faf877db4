/// A location in a two-dimensional coordinate space whose origin is the top-left corner and
/// whose y axis grows downwards.
///
/// Coordinates are in *points*: an abstract unit that each backend maps to its own (pixels,
/// terminal cells…) and rounds as it documents. KatanaUI itself never rounds.
public struct Point: Hashable, Sendable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)
}
