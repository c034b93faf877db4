/// The value of a ranged element (a progress bar), between a minimum and a maximum.
public struct AccessibilityRange: Hashable, Sendable {
  /// The current value, between ``minimum`` and ``maximum``.
  public var current: Double
  /// The lowest value.
  public var minimum: Double
  /// The highest value.
  public var maximum: Double

  /// A range from `minimum` to `maximum` at `current`, which is clamped into the range.
  public init(current: Double, minimum: Double = 0, maximum: Double = 1) {
    self.minimum = minimum
    self.maximum = max(minimum, maximum)
    self.current = min(max(current, minimum), self.maximum)
  }

  /// How far ``current`` is from ``minimum`` to ``maximum``, from 0 to 1 (0 for an empty range).
  public var fraction: Double {
    maximum > minimum ? (current - minimum) / (maximum - minimum) : 0
  }
}
