import Foundation

/// A JSON value, decoded from what `JSONEncoder` made of a state, so two states can be compared
/// field by field and each part shown as text.
indirect enum JSONValue: Hashable, Sendable, Codable {
  case null
  case bool(Bool)
  /// Integers stay exact (a `Double` would round ids above 2⁵³).
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The value as compact JSON text with sorted keys, as the page shows it.
  var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding a decoded JSON value cannot fail: every case maps to JSON.
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
  }

  /// Encodes `value` and reads the result back as a tree.
  static func of<Value: Encodable>(_ value: Value) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
  }
}
