/// A Plastic length: a part that scales with the node's multiplier plus a fixed part.
///
/// `scale(by: m)` is `scalable * m + fixed`. Design a layout at the description's
/// ``PlasticReferenceSizeable/referenceSize`` with scalable values and it grows and shrinks with
/// the screen; use fixed values for things that must not scale (hairlines, terminal borders).
///
/// ```swift
/// label.height = .scalable(80)              // 80 at the reference size
/// label.top = header.bottom + .fixed(1)     // always one point below
/// ```
public struct Value: Hashable, Sendable {
  /// The part multiplied by the node's multiplier.
  public var scalable: Double
  /// The part added as is.
  public var fixed: Double

  /// Creates a value from both parts.
  public init(scalable: Double, fixed: Double) {
    self.scalable = scalable
    self.fixed = fixed
  }

  /// A value that scales entirely.
  public static func scalable(_ value: Double) -> Value { Value(scalable: value, fixed: 0) }
  /// A value that never scales.
  public static func fixed(_ value: Double) -> Value { Value(scalable: 0, fixed: value) }
  /// Zero.
  public static let zero = Value(scalable: 0, fixed: 0)

  /// The length for a multiplier: `scalable * multiplier + fixed`.
  public func scale(by multiplier: Double) -> Double { scalable * multiplier + fixed }
  /// The length at multiplier 1: `scalable + fixed`.
  public var unscaledValue: Double { scalable + fixed }

  /// Negates both parts.
  public static prefix func - (value: Value) -> Value { Value(scalable: -value.scalable, fixed: -value.fixed) }
  /// Adds the scalable parts and the fixed parts.
  public static func + (lhs: Value, rhs: Value) -> Value {
    Value(scalable: lhs.scalable + rhs.scalable, fixed: lhs.fixed + rhs.fixed)
  }
  /// Subtracts the scalable parts and the fixed parts.
  public static func - (lhs: Value, rhs: Value) -> Value { lhs + -rhs }
  /// Multiplies both parts.
  public static func * (lhs: Value, rhs: Double) -> Value { Value(scalable: lhs.scalable * rhs, fixed: lhs.fixed * rhs) }
  /// Multiplies both parts.
  public static func * (lhs: Double, rhs: Value) -> Value { rhs * lhs }
  /// Divides both parts (IEEE rules: dividing by zero gives infinities).
  public static func / (lhs: Value, rhs: Double) -> Value { Value(scalable: lhs.scalable / rhs, fixed: lhs.fixed / rhs) }
  /// Adds `rhs` to `lhs`, part by part.
  public static func += (lhs: inout Value, rhs: Value) { lhs = lhs + rhs }
  /// Subtracts `rhs` from `lhs`, part by part.
  public static func -= (lhs: inout Value, rhs: Value) { lhs = lhs - rhs }
  /// Multiplies both parts of `lhs`.
  public static func *= (lhs: inout Value, rhs: Double) { lhs = lhs * rhs }
  /// Divides both parts of `lhs`.
  public static func /= (lhs: inout Value, rhs: Double) { lhs = lhs / rhs }
}
