import KatanaUI

/// Turns the bytes a terminal sends into keys, pastes and mouse events.
///
/// One `read()` may hold many keys (tmux and fast typists deliver batches), and one escape
/// sequence, paste or UTF-8 character may be split across reads, however far apart. The parser
/// keeps an incomplete tail until the next ``parse(_:)`` completes it or a byte proves it broken
/// (one that cannot continue it); then the broken part is dropped and the byte is read on its own.
/// Only a lone `ESC` is ambiguous: call ``flush()`` when no byte followed it for a short while
/// (the event loop uses ~25 ms, see ``isWaitingForEscapeTimeout``) to turn it into the Escape key.
///
/// Understood: printable UTF-8, Enter (CR or LF), Tab, Backspace (DEL or BS), Ctrl-letters,
/// Alt-characters (`ESC` + character), CSI and SS3 arrows / Home / End / Insert / Delete /
/// PageUp / PageDown / F1–F12 (with xterm modifier parameters, rxvt's `$` `^` `@` suffixes and
/// the Linux console's `ESC [ [ A`–`E`), Shift-Tab, SGR mouse reports (`ESC [ < b ; x ; y M|m`)
/// and bracketed pastes (`ESC [ 200 ~` text `ESC [ 201 ~`, one ``TerminalEvent/paste(_:)`` of
/// at most ``maximumPasteBytes``). Unknown sequences are skipped whole; nothing a terminal (or a
/// user) sends can make it trap.
///
/// ```swift
/// var parser = InputParser()
/// parser.parse(Array("ab\u{1B}[A".utf8))   // [a, b, up]
/// ```
public struct InputParser: Sendable {
  /// The most bytes of one paste that are kept; the rest of a longer paste is dropped (the paste
  /// still ends at its end marker), so a runaway paste cannot exhaust memory.
  public static let maximumPasteBytes = 1 << 20

  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  private var pending: [UInt8] = []
  /// The text of a bracketed paste whose end marker has not arrived yet; nil outside a paste.
  private var paste: [UInt8]?

  /// A parser with nothing pending.
  public init() {}

  /// Whether bytes of an unfinished sequence, character or paste are waiting for more input.
  public var hasPendingInput: Bool { !pending.isEmpty || paste != nil }

  /// Whether only a lone `ESC` is pending, which ``flush()`` turns into the Escape key when no
  /// byte followed it in time. Incomplete sequences and pastes never time out.
  public var isWaitingForEscapeTimeout: Bool { paste == nil && pending == [0x1B] }

  /// Parses a batch of bytes, returning every complete event in order.
  @discardableResult
  public mutating func parse(_ bytes: some Sequence<UInt8>) -> [TerminalEvent] {
    pending.append(contentsOf: bytes)
    var events: [TerminalEvent] = []
    var index = 0
    decoding: while index < pending.count {
      if paste != nil {
        guard let event = continuePaste(at: &index) else { break decoding }
        if let event { events.append(event) }
        continue
      }
      switch decode(at: index) {
      case .event(let event, let length):
        events.append(event)
        index += length
      case .skip(let length):
        index += length
      case .pasteStart(let length):
        paste = []
        index += length
      case .incomplete:
        break decoding
      }
    }
    pending.removeFirst(index)
    return events
  }

  /// Resolves a lone `ESC` into the Escape key, as if nothing will follow it. Anything else that
  /// is pending (an incomplete sequence, character or paste) stays pending.
  public mutating func flush() -> [TerminalEvent] {
    guard isWaitingForEscapeTimeout else { return [] }
    pending.removeAll()
    return [.key(TerminalKeyPress(.escape))]
  }

  /// Moves paste bytes from `pending` into ``paste`` up to the end marker. Returns `.some(event)`
  /// when the paste ended (nil event for an empty paste), and nil when it needs more input.
  private mutating func continuePaste(at index: inout Int) -> TerminalEvent?? {
    let end = Self.pasteEnd
    var cursor = index
    while cursor + end.count <= pending.count {
      if pending[cursor] == end[0], pending[cursor..<cursor + end.count].elementsEqual(end) {
        appendToPaste(pending[index..<cursor])
        index = cursor + end.count
        let text = Self.normalizedPasteText(paste ?? [])
        paste = nil
        return .some(text.isEmpty ? nil : .paste(text))
      }
      cursor += 1
    }
    // Keep a tail that could be the start of a split end marker.
    let keep = max(index, pending.count - (end.count - 1))
    appendToPaste(pending[index..<keep])
    index = keep
    return nil
  }

  private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
    let room = Self.maximumPasteBytes - (paste?.count ?? 0)
    guard room > 0 else { return }
    paste?.append(contentsOf: bytes.prefix(room))
  }

  /// Pasted bytes as text: invalid UTF-8 repaired, line ends (CR LF or CR, as terminals send
  /// them) made `\n`.
  private static func normalizedPasteText(_ bytes: [UInt8]) -> String {
    var text = ""
    var previousWasReturn = false
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "\r":
        text.unicodeScalars.append("\n")
        previousWasReturn = true
        continue
      case "\n" where previousWasReturn:
        break
      default:
        text.unicodeScalars.append(scalar)
      }
      previousWasReturn = false
    }
    return text
  }

  private enum Decoded {
    case event(TerminalEvent, length: Int)
    case skip(length: Int)
    /// `ESC [ 200 ~`: a bracketed paste starts after these bytes.
    case pasteStart(length: Int)
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
      return decodeSingleShiftThree(at: start)
    case 0x1B:
      // ESC ESC: the first is a lone Escape.
      return .event(.key(TerminalKeyPress(.escape)), length: 1)
    default:
      // Alt + key: ESC followed by the key's own bytes.
      switch decode(at: start + 1) {
      case .event(.key(var press), let length):
        press.modifiers.insert(.alt)
        return .event(.key(press), length: length + 1)
      case .event(_, let length), .skip(let length), .pasteStart(let length):
        return .skip(length: length + 1)
      case .incomplete:
        return .incomplete
      }
    }
  }

  /// `ESC O` then a final byte, optionally after an xterm modifier (`ESC O 5 P` is Ctrl-F1).
  private func decodeSingleShiftThree(at start: Int) -> Decoded {
    var index = start + 2
    var modifiers: TerminalKeyModifiers = []
    while index < pending.count, (0x30...0x39).contains(pending[index]) || pending[index] == UInt8(ascii: ";") {
      index += 1
      // Modifier digits are one or two bytes ("5", "1;5"); more is garbage.
      if index - start > 6 { return .skip(length: index - start) }
    }
    guard index < pending.count else { return .incomplete }
    if index > start + 2 {
      let parameter = String(decoding: pending[start + 2..<index], as: UTF8.self).split(separator: ";").last.flatMap { Int($0) }
      modifiers = Self.keyModifiers(parameter ?? 1)
    }
    let length = index + 1 - start
    let final = pending[index]
    guard (0x40...0x7E).contains(final) else {
      // A byte that cannot end the sequence: drop the introducer, read the byte on its own.
      return .skip(length: index - start)
    }
    let key: TerminalKey?
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "M"): key = .enter
    case UInt8(ascii: "P"): key = .function(1)
    case UInt8(ascii: "Q"): key = .function(2)
    case UInt8(ascii: "R"): key = .function(3)
    case UInt8(ascii: "S"): key = .function(4)
    // rxvt: Ctrl + arrow.
    case UInt8(ascii: "a"): key = .up; modifiers = .control
    case UInt8(ascii: "b"): key = .down; modifiers = .control
    case UInt8(ascii: "c"): key = .right; modifiers = .control
    case UInt8(ascii: "d"): key = .left; modifiers = .control
    default: key = nil
    }
    guard let key else {
      // No SS3 key ends this way, so it was Alt-O typed before another key: read that key next.
      guard index == start + 2 else { return .skip(length: length) }
      return .event(.key(TerminalKeyPress(.character("O"), modifiers: .alt)), length: 2)
    }
    return .event(.key(TerminalKeyPress(key, modifiers: modifiers)), length: length)
  }

  /// `ESC [` parameters intermediates final.
  private func decodeControlSequence(at start: Int) -> Decoded {
    var index = start + 2
    // The Linux console's F1–F5: `ESC [ [ A` to `ESC [ [ E`.
    if index < pending.count, pending[index] == UInt8(ascii: "[") {
      guard index + 1 < pending.count else { return .incomplete }
      let final = pending[index + 1]
      guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) else {
        return (0x40...0x7E).contains(final) ? .skip(length: 4) : .skip(length: 3)
      }
      return .event(.key(TerminalKeyPress(.function(Int(final - UInt8(ascii: "A")) + 1))), length: 4)
    }
    var parameters: [UInt8] = []
    while index < pending.count {
      let byte = pending[index]
      switch byte {
      case UInt8(ascii: "$") where !parameters.isEmpty && parameters.allSatisfy({ (0x30...0x39).contains($0) }):
        // rxvt's Shift-modified keys (`ESC [ 3 $`) end in what is otherwise an intermediate byte.
        let length = index + 1 - start
        guard let event = Self.controlSequenceEvent(parameters: parameters, final: byte) else {
          return .skip(length: length)
        }
        return .event(event, length: length)
      case 0x30...0x3F, 0x20...0x2F:
        parameters.append(byte)
        index += 1
        // Real sequences are short; a runaway one is garbage, not something to wait for.
        if parameters.count > 64 { return .skip(length: index - start) }
      case 0x40...0x7E:
        let length = index + 1 - start
        if byte == UInt8(ascii: "~"), parameters == Array("200".utf8) { return .pasteStart(length: length) }
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
    var modifiers = numbers.count > 1 ? keyModifiers(numbers[1] ?? 1) : []
    let key: TerminalKey?
    switch final {
    // rxvt: Shift + arrow.
    case UInt8(ascii: "a"): return .key(TerminalKeyPress(.up, modifiers: .shift))
    case UInt8(ascii: "b"): return .key(TerminalKeyPress(.down, modifiers: .shift))
    case UInt8(ascii: "c"): return .key(TerminalKeyPress(.right, modifiers: .shift))
    case UInt8(ascii: "d"): return .key(TerminalKeyPress(.left, modifiers: .shift))
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
    case UInt8(ascii: "Z"): return .key(TerminalKeyPress(.tab, modifiers: .shift))
    case UInt8(ascii: "~"), UInt8(ascii: "$"), UInt8(ascii: "^"), UInt8(ascii: "@"):
      // rxvt marks modifiers with the final byte instead of a parameter.
      switch final {
      case UInt8(ascii: "$"): modifiers = .shift
      case UInt8(ascii: "^"): modifiers = .control
      case UInt8(ascii: "@"): modifiers = [.control, .shift]
      default: break
      }
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
