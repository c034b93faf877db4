public import KatanaUI

/// Encodes a batch of ``KatanaUI/Mutation``s as one server→client message.
///
/// The message is `{"v":1,"m":[op,…]}`, each op an array whose first element names it:
///
/// | op | meaning |
/// |----|---------|
/// | `["c",id,kind,props]` | create a node of `kind` |
/// | `["u",id,props]` | replace a node's props |
/// | `["i",id,parent,index]` | insert into `parent` at `index` |
/// | `["m",id,parent,index]` | move within `parent` to `index` |
/// | `["r",id]` | remove the node and its subtree |
/// | `["f",id,x,y,w,h]` | set the frame only |
/// | `["a",seconds,[op,…]]` | apply the nested ops as one animated change |
/// | `["s",id,section,row,position]` | scroll a table to a row (`position`: none, top, middle, bottom) |
///
/// Frames are in points, relative to the parent, rounded to hundredths; the page multiplies them
/// by its pixels-per-point. Props carry only what differs from the element's defaults (see
/// ``PropsEncoder``), which keeps one Minesweeper cell change under 200 bytes.
public enum MutationEncoder {
  /// The UTF-8 JSON text of one message carrying `mutations`, in order.
  public static func encode(_ mutations: [Mutation]) -> [UInt8] {
    var writer = JSONWriter(capacity: 64 + mutations.count * 48)
    writer.raw("{\"v\":")
    writer.integer(WebProtocol.version)
    writer.raw(",\"m\":")
    write(mutations, into: &writer)
    writer.byte(UInt8(ascii: "}"))
    return writer.bytes
  }

  private static func write(_ mutations: [Mutation], into writer: inout JSONWriter) {
    writer.byte(UInt8(ascii: "["))
    for (index, mutation) in mutations.enumerated() {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      write(mutation, into: &writer)
    }
    writer.byte(UInt8(ascii: "]"))
  }

  private static func write(_ mutation: Mutation, into writer: inout JSONWriter) {
    switch mutation {
    case .create(let id, let kind, let props):
      writer.raw("[\"c\",")
      writer.integer(id.rawValue)
      writer.byte(UInt8(ascii: ","))
      writer.string(kind.rawValue)
      writer.byte(UInt8(ascii: ","))
      PropsEncoder.write(props, into: &writer)
    case .updateProps(let id, let props):
      writer.raw("[\"u\",")
      writer.integer(id.rawValue)
      writer.byte(UInt8(ascii: ","))
      PropsEncoder.write(props, into: &writer)
    case .insert(let id, let parent, let index):
      writer.raw("[\"i\",")
      writeNumbers([id.rawValue, parent.rawValue, index], into: &writer)
    case .move(let id, let parent, let index):
      writer.raw("[\"m\",")
      writeNumbers([id.rawValue, parent.rawValue, index], into: &writer)
    case .remove(let id):
      writer.raw("[\"r\",")
      writer.integer(id.rawValue)
    case .setFrame(let id, let frame):
      writer.raw("[\"f\",")
      writer.integer(id.rawValue)
      writer.byte(UInt8(ascii: ","))
      PropsEncoder.writeFrameNumbers(frame, into: &writer)
    case .animate(let type, let nested):
      writer.raw("[\"a\",")
      let duration = type.duration.components
      writer.number(Double(duration.seconds) + Double(duration.attoseconds) / 1e18)
      writer.byte(UInt8(ascii: ","))
      write(nested, into: &writer)
    case .command(let id, .scrollToRow(let indexPath, let position, _)):
      writer.raw("[\"s\",")
      writeNumbers([id.rawValue, indexPath.section, indexPath.row], into: &writer)
      writer.byte(UInt8(ascii: ","))
      switch position {
      case .none: writer.raw("\"none\"")
      case .top: writer.raw("\"top\"")
      case .middle: writer.raw("\"middle\"")
      case .bottom: writer.raw("\"bottom\"")
      }
    }
    writer.byte(UInt8(ascii: "]"))
  }

  private static func writeNumbers(_ numbers: [Int], into writer: inout JSONWriter) {
    for (index, number) in numbers.enumerated() {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      writer.integer(number)
    }
  }
}
