/// Appends compact JSON to a byte buffer: the server's messages are small and many, so they are
/// written directly instead of going through `JSONEncoder` and its intermediate containers.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func byte(_ value: UInt8) {
    bytes.append(value)
  }

  mutating func append(_ other: [UInt8]) {
    bytes.append(contentsOf: other)
  }

  mutating func integer(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A number rounded to hundredths; whole values are written without a fraction. Values that are
  /// not finite (which JSON cannot carry) are written as 0.
  mutating func number(_ value: Double) {
    guard value.isFinite else { return byte(UInt8(ascii: "0")) }
    let hundredths = (value * 100).rounded()
    guard abs(hundredths) < 1e15 else { return bytes.append(contentsOf: String(value).utf8) }
    let scaled = Int(hundredths)
    if scaled % 100 == 0 { return integer(scaled / 100) }
    if scaled < 0 { byte(UInt8(ascii: "-")) }
    let magnitude = abs(scaled)
    integer(magnitude / 100)
    byte(UInt8(ascii: "."))
    let fraction = magnitude % 100
    if fraction % 10 == 0 {
      integer(fraction / 10)
    } else {
      if fraction < 10 { byte(UInt8(ascii: "0")) }
      integer(fraction)
    }
  }

  /// A JSON string, escaping quotes, backslashes and control characters.
  mutating func string(_ value: String) {
    byte(UInt8(ascii: "\""))
    for unit in value.utf8 {
      switch unit {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case UInt8(ascii: "\n"): raw("\\n")
      case UInt8(ascii: "\r"): raw("\\r")
      case UInt8(ascii: "\t"): raw("\\t")
      case 0..<0x20:
        raw("\\u00")
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        byte(digits[Int(unit >> 4)])
        byte(digits[Int(unit & 0xF)])
      default: byte(unit)
      }
    }
    byte(UInt8(ascii: "\""))
  }

  /// Writes `"key":` after a comma when `first` is false; sets `first` to false.
  mutating func key(_ name: StaticString, first: inout Bool) {
    if !first { byte(UInt8(ascii: ",")) }
    first = false
    byte(UInt8(ascii: "\""))
    raw(name)
    raw("\":")
  }
}
