/// Plastic insets: a ``Value`` for each edge, applied inwards by the convenience layouts.
public struct EdgeInsets: Hashable, Sendable {
  /// The inset from the top edge.
  public var top: Value
  /// The inset from the left edge.
  public var left: Value
  /// The inset from the bottom edge.
  public var bottom: Value
  /// The inset from the right edge.
  public var right: Value

  /// Creates insets from four values.
  public init(top: Value, left: Value, bottom: Value, right: Value) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Insets whose parts scale entirely.
  public static func scalable(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> EdgeInsets {
    EdgeInsets(top: .scalable(top), left: .scalable(left), bottom: .scalable(bottom), right: .scalable(right))
  }
  /// Insets that never scale.
  public static func fixed(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> EdgeInsets {
    EdgeInsets(top: .fixed(top), left: .fixed(left), bottom: .fixed(bottom), right: .fixed(right))
  }
  /// No inset.
  public static let zero = EdgeInsets(top: .zero, left: .zero, bottom: .zero, right: .zero)

  /// The geometric insets for a multiplier.
  public func scale(by multiplier: Double) -> Insets {
    Insets(
      top: top.scale(by: multiplier), left: left.scale(by: multiplier),
      bottom: bottom.scale(by: multiplier), right: right.scale(by: multiplier))
  }

  /// Adds the insets edge by edge.
  public static func + (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
    EdgeInsets(top: lhs.top + rhs.top, left: lhs.left + rhs.left, bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
  }
  /// Subtracts the insets edge by edge.
  public static func - (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
    EdgeInsets(top: lhs.top - rhs.top, left: lhs.left - rhs.left, bottom: lhs.bottom - rhs.bottom, right: lhs.right - rhs.right)
  }
  /// Multiplies every edge.
  public static func * (lhs: EdgeInsets, rhs: Double) -> EdgeInsets {
    EdgeInsets(top: lhs.top * rhs, left: lhs.left * rhs, bottom: lhs.bottom * rhs, right: lhs.right * rhs)
  }
  /// Divides every edge.
  public static func / (lhs: EdgeInsets, rhs: Double) -> EdgeInsets {
    EdgeInsets(top: lhs.top / rhs, left: lhs.left / rhs, bottom: lhs.bottom / rhs, right: lhs.right / rhs)
  }
}
