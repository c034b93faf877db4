/// A mouse event reported by the terminal (SGR mode 1006), at a 0-based cell.
public struct MouseEvent: Hashable, Sendable {
  /// Which button, or the wheel direction.
  public enum Button: Hashable, Sendable {
    /// The primary (left) button.
    case left
    /// The middle button (or wheel click).
    case middle
    /// The secondary (right) button.
    case right
    /// Motion with no button pressed.
    case none
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down (towards the user).
    case wheelDown
  }

  /// What happened to the button.
  public enum Action: Hashable, Sendable {
    /// The button went down (each wheel step is a press).
    case press
    /// The button came up.
    case release
    /// Motion while the button is held (or with none, if the terminal reports all motion).
    case drag
  }

  /// Which button (or wheel direction).
  public var button: Button
  /// Press, release or drag.
  public var action: Action
  /// 0-based column of the cell under the pointer.
  public var column: Int
  /// 0-based row of the cell under the pointer.
  public var row: Int
  /// Keys held during the event.
  public var modifiers: TerminalKeyModifiers

  /// A mouse event at a 0-based cell.
  public init(button: Button, action: Action, column: Int, row: Int, modifiers: TerminalKeyModifiers = []) {
    self.button = button
    self.action = action
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}
