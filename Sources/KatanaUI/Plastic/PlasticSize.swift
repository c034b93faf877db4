/// A Plastic size: a width and a height made of ``Value``s.
///
/// The geometric size it scales to is ``Size``.
public struct PlasticSize: Hashable, Sendable {
  /// The width.
  public var width: Value
  /// The height.
  public var height: Value

  /// Creates a size from two values.
  public init(width: Value, height: Value) {
    self.width = width
    self.height = height
  }

  /// A size whose parts scale entirely.
  public static func scalable(_ width: Double, _ height: Double) -> PlasticSize {
    PlasticSize(width: .scalable(width), height: .scalable(height))
  }
  /// A size that never scales.
  public static func fixed(_ width: Double, _ height: Double) -> PlasticSize {
    PlasticSize(width: .fixed(width), height: .fixed(height))
  }
  /// Zero by zero.
  public static let zero = PlasticSize(width: .zero, height: .zero)

  /// The geometric size for a multiplier.
  public func scale(by multiplier: Double) -> Size {
    Size(width: width.scale(by: multiplier), height: height.scale(by: multiplier))
  }
  /// The geometric size at multiplier 1.
  public var unscaledSize: Size { Size(width: width.unscaledValue, height: height.unscaledValue) }

  /// Negates both dimensions.
  public static prefix func - (size: PlasticSize) -> PlasticSize { PlasticSize(width: -size.width, height: -size.height) }
  /// Adds the widths and the heights.
  public static func + (lhs: PlasticSize, rhs: PlasticSize) -> PlasticSize {
    PlasticSize(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
  }
  /// Subtracts the widths and the heights.
  public static func - (lhs: PlasticSize, rhs: PlasticSize) -> PlasticSize { lhs + -rhs }
  /// Multiplies both dimensions (both parts of each).
  public static func * (lhs: PlasticSize, rhs: Double) -> PlasticSize {
    PlasticSize(width: lhs.width * rhs, height: lhs.height * rhs)
  }
  /// Divides both dimensions (both parts of each).
  public static func / (lhs: PlasticSize, rhs: Double) -> PlasticSize {
    PlasticSize(width: lhs.width / rhs, height: lhs.height / rhs)
  }
}
