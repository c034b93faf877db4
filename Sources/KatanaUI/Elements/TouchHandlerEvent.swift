/// The phases of a touch (or mouse click) that buttons and touch handlers report.
public struct TouchHandlerEvent: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: Int
  /// Creates a value from raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The touch went down inside the node.
  public static let touchDown = TouchHandlerEvent(rawValue: 1 << 0)
  /// The touch went up inside the node: a tap.
  public static let touchUpInside = TouchHandlerEvent(rawValue: 1 << 1)
  /// The touch went up outside the node.
  public static let touchUpOutside = TouchHandlerEvent(rawValue: 1 << 2)
  /// The system cancelled the touch.
  public static let touchCancel = TouchHandlerEvent(rawValue: 1 << 3)
  /// A secondary (right) button went down on the node.
  public static let secondaryTouchDown = TouchHandlerEvent(rawValue: 1 << 8)
  /// A secondary (right) click completed inside the node: a "secondary tap", used for example to
  /// flag a Minesweeper cell. Backends without a secondary button never send it.
  public static let secondaryTouchUpInside = TouchHandlerEvent(rawValue: 1 << 9)
}
