import KatanaUI

/// One message the page's script sends, as the mirror asks for it: ``encoded(version:sequence:)``
/// writes the JSON the script would (`send` in katana.js), numbered like the script numbers it.
enum PageInput {
  case viewport(width: Double, height: Double)
  case navigate(paths: [String])
  case touch(node: Int, phase: String)
  case key(node: Int, key: String, modifiers: [String])
  case text(node: Int, text: String)
  case paste(node: Int, text: String)
  case select(node: Int, index: Int)
  case row(node: Int, section: Int, row: Int)
  case edit(node: Int, start: (line: Int, column: Int), end: (line: Int, column: Int), text: String)

  /// The message's UTF-8 JSON, with the protocol version and the sequence number `q`.
  func encoded(sequence: Int) -> [UInt8] {
    var writer = JSONWriter(capacity: 64)
    writer.raw("{\"v\":")
    writer.integer(WebProtocol.version)
    writer.raw(",\"q\":")
    writer.integer(sequence)
    writer.raw(",\"t\":")
    switch self {
    case .viewport(let width, let height):
      // Exactly the number the script computes (the writer's numbers are rounded to hundredths).
      writer.raw("\"viewport\",\"w\":")
      writer.append(Array(String(width).utf8))
      writer.raw(",\"h\":")
      writer.append(Array(String(height).utf8))
    case .navigate(let paths):
      writer.raw("\"navigate\",\"ps\":")
      PropsEncoder.writeStrings(paths, into: &writer)
    case .touch(let node, let phase):
      writer.raw("\"touch\",\"p\":")
      writer.string(phase)
      Self.writeNode(node, into: &writer)
    case .key(let node, let key, let modifiers):
      writer.raw("\"key\",\"k\":")
      writer.string(key)
      writer.raw(",\"m\":")
      PropsEncoder.writeStrings(modifiers, into: &writer)
      Self.writeNode(node, into: &writer)
    case .text(let node, let text):
      writer.raw("\"text\",\"s\":")
      writer.string(text)
      Self.writeNode(node, into: &writer)
    case .paste(let node, let text):
      writer.raw("\"paste\",\"s\":")
      writer.string(text)
      Self.writeNode(node, into: &writer)
    case .select(let node, let index):
      writer.raw("\"select\",\"i\":")
      writer.integer(index)
      Self.writeNode(node, into: &writer)
    case .row(let node, let section, let row):
      writer.raw("\"row\",\"sec\":")
      writer.integer(section)
      writer.raw(",\"row\":")
      writer.integer(row)
      Self.writeNode(node, into: &writer)
    case .edit(let node, let start, let end, let text):
      writer.raw("\"edit\",\"sl\":")
      writer.integer(start.line)
      writer.raw(",\"sc\":")
      writer.integer(start.column)
      writer.raw(",\"el\":")
      writer.integer(end.line)
      writer.raw(",\"ec\":")
      writer.integer(end.column)
      writer.raw(",\"s\":")
      writer.string(text)
      Self.writeNode(node, into: &writer)
    }
    writer.byte(UInt8(ascii: "}"))
    return writer.bytes
  }

  private static func writeNode(_ node: Int, into writer: inout JSONWriter) {
    writer.raw(",\"n\":")
    writer.integer(node)
  }
}
