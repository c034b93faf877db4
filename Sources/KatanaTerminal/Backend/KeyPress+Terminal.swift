public import KatanaUI

extension KeyPress {
  /// The KatanaUI key for a terminal key, or nil for keys KatanaUI has no case for (function
  /// keys outside F1–F12).
  public init?(_ press: TerminalKeyPress) {
    let key: KeyPress.Key
    switch press.key {
    case .character(let character): key = .character(character)
    case .enter: key = .enter
    case .escape: key = .escape
    case .tab, .backTab: key = .tab
    case .backspace: key = .backspace
    case .delete: key = .delete
    case .up: key = .up
    case .down: key = .down
    case .left: key = .left
    case .right: key = .right
    case .home: key = .home
    case .end: key = .end
    case .pageUp: key = .pageUp
    case .pageDown: key = .pageDown
    case .insert: key = .insert
    case .function(let number) where (1...12).contains(number): key = .function(number)
    case .function: return nil
    }
    var modifiers: KeyPress.Modifiers = []
    if press.modifiers.contains(.shift) || press.key == .backTab { modifiers.insert(.shift) }
    if press.modifiers.contains(.control) { modifiers.insert(.control) }
    if press.modifiers.contains(.alt) { modifiers.insert(.alt) }
    self.init(key, modifiers: modifiers)
  }
}
