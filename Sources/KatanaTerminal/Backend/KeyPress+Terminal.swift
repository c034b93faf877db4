public import KatanaUI

extension KeyPress {
  /// The KatanaUI key press for a terminal key press (the key is the same type), or nil for keys
  /// KatanaUI has no meaning for (function keys outside F1–F12).
  public init?(_ press: TerminalKeyPress) {
    if case .function(let number) = press.key, !(1...12).contains(number) { return nil }
    var modifiers: KeyPress.Modifiers = []
    if press.modifiers.contains(.shift) { modifiers.insert(.shift) }
    if press.modifiers.contains(.control) { modifiers.insert(.control) }
    if press.modifiers.contains(.alt) { modifiers.insert(.alt) }
    self.init(press.key, modifiers: modifiers)
  }
}
