/// A JSON value of a server message, as the page's script sees it after `JSON.parse`: what
/// ``PageMirror`` reads ops and props from. The accessors follow JavaScript's rules where the
/// script relies on them (``isTruthy``, ``jsString``), so the mirror reads a prop exactly as the
/// script does.
enum MirrorJSON: Decodable, Equatable {
  case number(Double)
  case string(String)
  case bool(Bool)
  case array([MirrorJSON])
  case object([String: MirrorJSON])
  case null

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([MirrorJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: MirrorJSON].self))
    }
  }

  var number: Double? {
    if case .number(let value) = self { value } else { nil }
  }

  var string: String? {
    if case .string(let value) = self { value } else { nil }
  }

  var array: [MirrorJSON]? {
    if case .array(let value) = self { value } else { nil }
  }

  var object: [String: MirrorJSON]? {
    if case .object(let value) = self { value } else { nil }
  }

  subscript(_ key: String) -> MirrorJSON? { object?[key] }

  subscript(_ index: Int) -> MirrorJSON? {
    guard let array, array.indices.contains(index) else { return nil }
    return array[index]
  }

  /// JavaScript's truthiness: `0`, `""`, `false` and `null` are false.
  var isTruthy: Bool {
    switch self {
    case .number(let value): value != 0 && !value.isNaN
    case .string(let value): !value.isEmpty
    case .bool(let value): value
    case .array, .object: true
    case .null: false
    }
  }

  /// `String(value)` in JavaScript, for the values props carry (numbers and strings).
  var jsString: String {
    switch self {
    case .number(let value): Self.jsString(value)
    case .string(let value): value
    case .bool(let value): value ? "true" : "false"
    case .array(let values): values.map(\.jsString).joined(separator: ",")
    case .object: "[object Object]"
    case .null: "null"
    }
  }

  /// How JavaScript writes a number: whole numbers without a fraction, others in their shortest
  /// form (the numbers the protocol carries are hundredths, well inside the plain notation).
  static func jsString(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}

/// `JSON.stringify` of a string: the quoting the normalised HTML uses for text and attribute
/// values, so that a value with a quote or a line break stays on its element's line.
func jsonQuoted(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case "\u{08}": result += "\\b"
    case "\u{0C}": result += "\\f"
    case let control where control.value < 0x20:
      let hex = String(control.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
