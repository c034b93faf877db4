public import KatanaUI

extension TouchHandlerEvent {
  /// A secondary (right) button went down on the node. Sent by ``TerminalBackend``.
  public static let secondaryTouchDown = TouchHandlerEvent(rawValue: 1 << 8)
  /// A secondary (right) click completed inside the node: a "secondary tap", used for example to
  /// flag a Minesweeper cell. Sent by ``TerminalBackend``.
  public static let secondaryTouchUpInside = TouchHandlerEvent(rawValue: 1 << 9)
}
