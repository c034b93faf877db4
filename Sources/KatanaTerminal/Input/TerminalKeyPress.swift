public import KatanaUI

/// A key the terminal reports: KatanaUI's own ``/KatanaUI/KeyPress/Key``, so a terminal key needs no
/// translation case by case. Printable keys carry their character; Ctrl-C is `.character("c")`
/// with ``TerminalKeyModifiers/control``, and Shift-Tab is `.tab` with ``TerminalKeyModifiers/shift``.
public typealias TerminalKey = KeyPress.Key

/// Modifier keys held with a key or a mouse button.
public struct TerminalKeyModifiers: OptionSet, Hashable, Sendable {
  /// The bits: shift 1, alt 2, control 4.
  public let rawValue: UInt8
  /// Modifiers from their bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = TerminalKeyModifiers(rawValue: 1)
  /// Alt (Meta, or Option).
  public static let alt = TerminalKeyModifiers(rawValue: 2)
  /// Control.
  public static let control = TerminalKeyModifiers(rawValue: 4)
}

/// A key with the modifiers held when it was pressed.
public struct TerminalKeyPress: Hashable, Sendable, CustomStringConvertible {
  /// The key.
  public var key: TerminalKey
  /// The modifiers held with it.
  public var modifiers: TerminalKeyModifiers

  /// A key press.
  public init(_ key: TerminalKey, modifiers: TerminalKeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }

  /// A printable character with no modifiers.
  public static func character(_ character: Character) -> TerminalKeyPress { TerminalKeyPress(.character(character)) }

  /// Ctrl plus a letter.
  public static func control(_ letter: Character) -> TerminalKeyPress { TerminalKeyPress(.character(letter), modifiers: .control) }

  /// Readable form, e.g. `ctrl-c`, `up`, `F5`.
  public var description: String {
    var prefix = ""
    if modifiers.contains(.control) { prefix += "ctrl-" }
    if modifiers.contains(.alt) { prefix += "alt-" }
    if modifiers.contains(.shift) { prefix += "shift-" }
    switch key {
    case .character(let character): return prefix + String(character)
    case .function(let number): return prefix + "F\(number)"
    default: return prefix + "\(key)"
    }
  }
}
