public import Foundation
import KatanaUI

/// Turns the text of a client→server WebSocket message into a ``ClientMessage``, or a typed
/// ``ClientMessageError``; it never traps, whatever the bytes.
///
/// Messages are JSON objects with the protocol version `v` and a type `t`:
///
/// ```json
/// {"v":2,"t":"viewport","w":1280,"h":720}
/// {"v":2,"t":"touch","n":12,"p":"up"}
/// {"v":2,"t":"key","n":12,"k":"f","m":["shift"]}
/// {"v":2,"t":"text","n":7,"s":"Buy milk"}
/// {"v":2,"t":"paste","n":12,"s":"pasted text"}
/// {"v":2,"t":"row","n":9,"sec":0,"row":3}
/// {"v":2,"t":"scroll","n":9,"o":120}
/// {"v":2,"t":"navigate","ps":["/","/todos/3"]}
/// {"v":2,"t":"select","n":14,"i":2}
/// {"v":2,"t":"edit","n":15,"sl":0,"sc":4,"el":0,"ec":4,"s":"x"}
/// ```
///
/// `select` chooses a tab or an option by index; `edit` replaces a text area's text from line
/// `sl` column `sc` to line `el` column `ec` (columns in characters) with `s`.
///
/// Touch phases `p`: `down`, `up` (a tap), `upOutside`, `cancel`, `secondaryDown`, `secondaryUp`
/// (a right click). Keys `k`: one printable character, or a DOM key name (`Enter`, `Escape`,
/// `Tab`, `Backspace`, `Delete`, `ArrowUp`, `ArrowDown`, `ArrowLeft`, `ArrowRight`, `Home`, `End`,
/// `PageUp`, `PageDown`, `Insert`, `F1`…`F24`). Modifiers
/// `m`: `shift`, `ctrl`, `alt`.
///
/// The decoder is a value with no state: safe to use from any thread.
public struct ClientMessageDecoder: Sendable {
  /// The largest message accepted, in bytes of UTF-8.
  public var maximumMessageBytes: Int

  /// Creates a decoder refusing messages above `maximumMessageBytes` (64 KiB by default).
  public init(maximumMessageBytes: Int = 64 * 1024) {
    self.maximumMessageBytes = maximumMessageBytes
  }

  /// Decodes one message.
  ///
  /// - Throws: ``ClientMessageError`` describing the first problem found.
  public func decode(_ text: String) throws(ClientMessageError) -> ClientMessage {
    try decode(Data(text.utf8))
  }

  /// Decodes one message from its UTF-8 bytes.
  ///
  /// - Throws: ``ClientMessageError`` describing the first problem found.
  public func decode(_ data: Data) throws(ClientMessageError) -> ClientMessage {
    guard data.count <= maximumMessageBytes else {
      throw .tooLarge(bytes: data.count, limit: maximumMessageBytes)
    }
    let raw: RawClientMessage
    do {
      raw = try JSONDecoder().decode(RawClientMessage.self, from: data)
    } catch {
      throw .malformed(Self.reason(for: error))
    }
    guard raw.v == WebProtocol.version else { throw .unsupportedVersion(raw.v) }
    switch raw.t {
    case "viewport":
      guard let width = raw.w, let height = raw.h else { throw .malformed("viewport needs w and h") }
      guard Self.isViewportLength(width) else { throw .invalidValue(field: "w") }
      guard Self.isViewportLength(height) else { throw .invalidValue(field: "h") }
      return .viewport(Size(width: width, height: height))
    case "touch":
      let node = try Self.node(raw)
      guard let name = raw.p else { throw .malformed("touch needs p") }
      guard let phase = Self.touchPhases[name] else { throw .invalidValue(field: "p") }
      return .event(.touch(phase), node: node)
    case "key":
      let node = try Self.node(raw)
      guard let name = raw.k else { throw .malformed("key needs k") }
      guard let key = Self.key(named: name) else { throw .invalidValue(field: "k") }
      var modifiers: KeyPress.Modifiers = []
      for modifier in raw.m ?? [] {
        switch modifier {
        case "shift": modifiers.insert(.shift)
        case "ctrl": modifiers.insert(.control)
        case "alt": modifiers.insert(.alt)
        default: throw .invalidValue(field: "m")
        }
      }
      return .event(.key(KeyPress(key, modifiers: modifiers)), node: node)
    case "text":
      let node = try Self.node(raw)
      guard let text = raw.s else { throw .malformed("text needs s") }
      return .event(.textInput(text), node: node)
    case "paste":
      let node = try Self.node(raw)
      guard let text = raw.s else { throw .malformed("paste needs s") }
      return .event(.paste(text), node: node)
    case "row":
      let node = try Self.node(raw)
      guard let section = raw.sec, let row = raw.row else { throw .malformed("row needs sec and row") }
      guard section >= 0 else { throw .invalidValue(field: "sec") }
      guard row >= 0 else { throw .invalidValue(field: "row") }
      return .event(.tableRowTap(TableIndexPath(section: section, row: row)), node: node)
    case "scroll":
      let node = try Self.node(raw)
      guard let offset = raw.o else { throw .malformed("scroll needs o") }
      guard offset.isFinite, offset >= 0, offset <= Self.largestLength else { throw .invalidValue(field: "o") }
      return .event(.tableDidScroll(offset: offset), node: node)
    case "navigate":
      guard let paths = raw.ps else { throw .malformed("navigate needs ps") }
      guard !paths.isEmpty, paths.count <= Self.maximumPathCount, paths.allSatisfy(Self.isPath) else {
        throw .invalidValue(field: "ps")
      }
      return .navigate(paths: paths)
    case "select":
      let node = try Self.node(raw)
      guard let index = raw.i else { throw .malformed("select needs i") }
      guard index >= 0 else { throw .invalidValue(field: "i") }
      return .event(.select(index), node: node)
    case "edit":
      let node = try Self.node(raw)
      guard let startLine = raw.sl, let startColumn = raw.sc, let endLine = raw.el, let endColumn = raw.ec,
        let text = raw.s
      else { throw .malformed("edit needs sl, sc, el, ec and s") }
      for (value, field) in [(startLine, "sl"), (startColumn, "sc"), (endLine, "el"), (endColumn, "ec")] where value < 0 {
        throw .invalidValue(field: field)
      }
      let edit = TextEdit(
        from: TextPosition(line: startLine, column: startColumn), to: TextPosition(line: endLine, column: endColumn),
        replacement: text)
      return .event(.textEdit(edit), node: node)
    default:
      throw .unknownType(String(raw.t.prefix(40)))
    }
  }

  /// Larger than any real screen or scroll offset, small enough that layout math stays exact.
  static let largestLength = 10_000_000.0

  /// The most paths a history entry may stand for: far more screens than anyone stacks.
  static let maximumPathCount = 64

  /// An absolute URL path of at most 2,048 bytes, without control characters.
  private static func isPath(_ path: String) -> Bool {
    path.hasPrefix("/") && path.utf8.count <= 2048
      && !path.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  private static func isViewportLength(_ value: Double) -> Bool {
    value.isFinite && value >= 1 && value <= 100_000
  }

  private static func node(_ raw: RawClientMessage) throws(ClientMessageError) -> NodeID {
    guard let id = raw.n else { throw .malformed("missing n") }
    // 0 is the backend's own container, which takes no events.
    guard id > 0 else { throw .invalidValue(field: "n") }
    return NodeID(rawValue: id)
  }

  static let touchPhases: [String: TouchHandlerEvent] = [
    "down": .touchDown, "up": .touchUpInside, "upOutside": .touchUpOutside, "cancel": .touchCancel,
    "secondaryDown": .secondaryTouchDown, "secondaryUp": .secondaryTouchUpInside,
  ]

  static let namedKeys: [String: KeyPress.Key] = [
    "Enter": .enter, "Escape": .escape, "Tab": .tab, "Backspace": .backspace, "Delete": .delete,
    "ArrowUp": .up, "ArrowDown": .down, "ArrowLeft": .left, "ArrowRight": .right, "Home": .home, "End": .end,
    "PageUp": .pageUp, "PageDown": .pageDown, "Insert": .insert,
  ]

  static func key(named name: String) -> KeyPress.Key? {
    if let key = namedKeys[name] { return key }
    if name.count <= 3, name.first == "F", let number = Int(name.dropFirst()), (1...24).contains(number) {
      return .function(number)
    }
    guard name.count == 1, let character = name.first,
      !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return nil }
    return .character(character)
  }

  private static func reason(for error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? "not a JSON object of the protocol" : "bad field '\(path)'"
    default:
      return "not JSON"
    }
  }
}

/// The fields any client message may carry, before validation.
private struct RawClientMessage: Decodable {
  var v: Int
  var t: String
  var n: Int?
  var p: String?
  var k: String?
  var m: [String]?
  var s: String?
  var sec: Int?
  var row: Int?
  var o: Double?
  var w: Double?
  var h: Double?
  var ps: [String]?
  var i: Int?
  var sl: Int?
  var sc: Int?
  var el: Int?
  var ec: Int?
}
