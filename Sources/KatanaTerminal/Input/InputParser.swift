/// Turns the bytes a terminal sends into keys and mouse events.
///
/// One `read()` may hold many keys (tmux and fast typists deliver batches), and one escape
/// sequence or UTF-8 character may be split across two reads. The parser keeps an incomplete tail
/// until the next ``parse(_:)``; call ``flush()`` when no more bytes arrived for a short while
/// (the event loop uses ~25 ms) to resolve a lone `ESC` into the Escape key.
///
/// Understood: printable UTF-8, Enter (CR or LF), Tab, Backspace (DEL or BS), Ctrl-letters,
/// Alt-characters (`ESC` + character), CSI and SS3 arrows / Home / End / Insert / Delete /
/// PageUp / PageDown / F1–F12 (with xterm modifier parameters), Shift-Tab, and SGR mouse reports
/// (`ESC [ < b ; x ; y M|m`). Unknown sequences are skipped whole; nothing a terminal (or a user)
/// sends can make it trap.
///
/// ```swift
/// var parser = InputParser()
/// parser.parse(Array("ab\u{1B}[A".utf8))   // [a, b, up]
/// ```
public struct InputParser: Sendable {
  private var pending: [UInt8] = []

  /// A parser with nothing pending.
  public init() {}

  /// Whether bytes of an unfinished sequence are waiting for more input.
  public var hasPendingInput: Bool { !pending.isEmpty }

  /// Parses a batch of bytes, returning every complete event in order.
  @discardableResult
  public mutating func parse(_ bytes: some Sequence<UInt8>) -> [TerminalEvent] {
    pending.append(contentsOf: bytes)
    var events: [TerminalEvent] = []
    var index = 0
    decoding: while index < pending.count {
      switch decode(at: index) {
      case .event(let event, let length):
        events.append(event)
        index += length
      case .skip(let length):
        index += length
      case .incomplete:
        break decoding
      }
    }
    pending.removeFirst(index)
    return events
  }

  /// Resolves what is pending as if no more bytes will follow: a lone `ESC` is the Escape key,
  /// and a cut-off sequence gives what can be read from it.
  public mutating func flush() -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    while !pending.isEmpty {
      if pending[0] == 0x1B {
        events.append(.key(TerminalKeyPress(.escape)))
      }
      // Otherwise an incomplete UTF-8 character: drop its first byte.
      pending.removeFirst()
      events += parse([])
    }
    return events
  }

  private enum Decoded {
    case event(TerminalEvent, length: Int)
    case skip(length: Int)
    case incomplete
  }

  private func decode(at start: Int) -> Decoded {
    let byte = pending[start]
    switch byte {
    case 0x1B:
      return decodeEscape(at: start)
    case 0x0D, 0x0A:
      return .event(.key(TerminalKeyPress(.enter)), length: 1)
    case 0x09:
      return .event(.key(TerminalKeyPress(.tab)), length: 1)
    case 0x7F, 0x08:
      return .event(.key(TerminalKeyPress(.backspace)), length: 1)
    case 0x00:
      return .event(.key(TerminalKeyPress(.character(" "), modifiers: .control)), length: 1)
    case 0x01...0x1A:
      let letter = Character(Unicode.Scalar(byte + 0x60))
      return .event(.key(.control(letter)), length: 1)
    case 0x1C...0x1F:
      return .skip(length: 1)
    default:
      switch decodeCharacter(at: start) {
      case .some((let character?, let length)):
        return .event(.key(.character(character)), length: length)
      case .some((nil, let length)):
        return .skip(length: length)
      case nil:
        return .incomplete
      }
    }
  }

  /// A UTF-8 character: (character, length), (nil, length) for invalid bytes, nil if cut off.
  private func decodeCharacter(at start: Int) -> (Character?, Int)? {
    let lead = pending[start]
    let length: Int
    switch lead {
    case 0x00..<0x80: length = 1
    case 0xC2..<0xE0: length = 2
    case 0xE0..<0xF0: length = 3
    case 0xF0..<0xF5: length = 4
    default: return (nil, 1)
    }
    guard start + length <= pending.count else {
      // Only wait for more if what is there could still be a valid character.
      for offset in 1..<(pending.count - start) where pending[start + offset] & 0xC0 != 0x80 {
        return (nil, 1)
      }
      return nil
    }
    let bytes = pending[start..<start + length]
    // `String(decoding:)` repairs invalid input with U+FFFD; only a real U+FFFD may produce one.
    let string = String(decoding: bytes, as: UTF8.self)
    guard let character = string.first, string.unicodeScalars.count == 1,
      character != "\u{FFFD}" || Array(bytes) == [0xEF, 0xBF, 0xBD]
    else {
      return (nil, 1)
    }
    return (character, length)
  }

  private func decodeEscape(at start: Int) -> Decoded {
    guard start + 1 < pending.count else { return .incomplete }
    let next = pending[start + 1]
    switch next {
    case UInt8(ascii: "["):
      return decodeControlSequence(at: start)
    case UInt8(ascii: "O"):
      guard start + 2 < pending.count else { return .incomplete }
      let key: TerminalKey? = switch pending[start + 2] {
      case UInt8(ascii: "A"): .up
      case UInt8(ascii: "B"): .down
      case UInt8(ascii: "C"): .right
      case UInt8(ascii: "D"): .left
      case UInt8(ascii: "H"): .home
      case UInt8(ascii: "F"): .end
      case UInt8(ascii: "M"): .enter
      case UInt8(ascii: "P"): .function(1)
      case UInt8(ascii: "Q"): .function(2)
      case UInt8(ascii: "R"): .function(3)
      case UInt8(ascii: "S"): .function(4)
      default: nil
      }
      guard let key else { return .skip(length: 3) }
      return .event(.key(TerminalKeyPress(key)), length: 3)
    case 0x1B:
      // ESC ESC: the first is a lone Escape.
      return .event(.key(TerminalKeyPress(.escape)), length: 1)
    default:
      // Alt + key: ESC followed by the key's own bytes.
      switch decode(at: start + 1) {
      case .event(.key(var press), let length):
        press.modifiers.insert(.alt)
        return .event(.key(press), length: length + 1)
      case .event(_, let length), .skip(let length):
        return .skip(length: length + 1)
      case .incomplete:
        return .incomplete
      }
    }
  }

  /// `ESC [` parameters intermediates final.
  private func decodeControlSequence(at start: Int) -> Decoded {
    var index = start + 2
    var parameters: [UInt8] = []
    while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x30...0x3F, 0x20...0x2F:
        parameters.append(byte)
        index += 1
        // Real sequences are short; a runaway one is garbage, not something to wait for.
        if parameters.count > 64 { return .skip(length: index - start) }
      case 0x40...0x7E:
        let length = index + 1 - start
        guard let event = Self.controlSequenceEvent(parameters: parameters, final: byte) else {
          return .skip(length: length)
        }
        return .event(event, length: length)
      default:
        // Not a valid sequence: drop the introducer and read the rest normally.
        return .skip(length: index - start)
      }
    }
    return .incomplete
  }

  private static func controlSequenceEvent(parameters: [UInt8], final: UInt8) -> TerminalEvent? {
    if parameters.first == UInt8(ascii: "<") {
      return mouseEvent(parameters: parameters.dropFirst(), final: final)
    }
    let numbers = String(decoding: parameters, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) }
    let modifiers = numbers.count > 1 ? keyModifiers(numbers[1] ?? 1) : []
    let key: TerminalKey?
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "P"): key = .function(1)
    case UInt8(ascii: "Q"): key = .function(2)
    case UInt8(ascii: "R"): key = .function(3)
    case UInt8(ascii: "S"): key = .function(4)
    case UInt8(ascii: "Z"): return .key(TerminalKeyPress(.backTab, modifiers: .shift))
    case UInt8(ascii: "~"):
      key = switch numbers.first ?? nil {
      case 1, 7: .home
      case 2: .insert
      case 3: .delete
      case 4, 8: .end
      case 5: .pageUp
      case 6: .pageDown
      case 11: .function(1)
      case 12: .function(2)
      case 13: .function(3)
      case 14: .function(4)
      case 15: .function(5)
      case 17: .function(6)
      case 18: .function(7)
      case 19: .function(8)
      case 20: .function(9)
      case 21: .function(10)
      case 23: .function(11)
      case 24: .function(12)
      default: nil
      }
    default:
      key = nil
    }
    return key.map { .key(TerminalKeyPress($0, modifiers: modifiers)) }
  }

  /// xterm's modifier parameter: 1 + (shift 1, alt 2, ctrl 4).
  private static func keyModifiers(_ parameter: Int) -> TerminalKeyModifiers {
    guard parameter > 1, parameter <= 16 else { return [] }
    return TerminalKeyModifiers(rawValue: UInt8(parameter - 1) & 0b111)
  }

  /// `ESC [ < button ; column ; row (M|m)`, 1-based coordinates.
  private static func mouseEvent(parameters: ArraySlice<UInt8>, final: UInt8) -> TerminalEvent? {
    guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
    let numbers = String(decoding: parameters, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3, numbers[0] >= 0, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
    let code = numbers[0]
    var modifiers: TerminalKeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let button: MouseEvent.Button
    if code & 64 != 0 {
      switch code & 3 {
      case 0: button = .wheelUp
      case 1: button = .wheelDown
      default: return nil
      }
    } else {
      switch code & 3 {
      case 0: button = .left
      case 1: button = .middle
      case 2: button = .right
      default: button = .none
      }
    }
    let action: MouseEvent.Action = final == UInt8(ascii: "m") ? .release : (code & 32 != 0 ? .drag : .press)
    return .mouse(MouseEvent(button: button, action: action, column: numbers[1] - 1, row: numbers[2] - 1, modifiers: modifiers))
  }
}
