/// A rectangle: an origin and a size, in points.
///
/// Frames in KatanaUI are `Rect`s relative to the parent node's frame. A backend maps points to its
/// own unit and rounds as it documents.
public struct Rect: Hashable, Sendable {
  /// The top-left corner.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The left edge's x coordinate.
  public var minX: Double { origin.x }
  /// The horizontal center.
  public var midX: Double { origin.x + size.width / 2 }
  /// The right edge's x coordinate.
  public var maxX: Double { origin.x + size.width }
  /// The top edge's y coordinate.
  public var minY: Double { origin.y }
  /// The vertical center.
  public var midY: Double { origin.y + size.height / 2 }
  /// The bottom edge's y coordinate.
  public var maxY: Double { origin.y + size.height }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }

  /// This rectangle moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }
}
