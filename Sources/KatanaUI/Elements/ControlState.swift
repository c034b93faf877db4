/// The state of a button that a title, color or image applies to.
public struct ControlState: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a value from raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Enabled, not pressed, not selected.
  public static let normal: ControlState = []
  /// Being pressed.
  public static let highlighted = ControlState(rawValue: 1 << 0)
  /// Disabled.
  public static let disabled = ControlState(rawValue: 1 << 1)
  /// Selected.
  public static let selected = ControlState(rawValue: 1 << 2)
  /// Focused (keyboard or terminal focus).
  public static let focused = ControlState(rawValue: 1 << 3)
}
