public import KatanaUI

/// Encodes a batch of ``/KatanaUI/Mutation``s as one server→client message.
///
/// The message is `{"v":2,"s":[props,…],"m":[op,…]}`. `s` is the batch's table of element props
/// (omitted when empty): each distinct props object is written once, and ops name it by its
/// index, so a thousand labels of one style carry it once. Each op is an array whose first
/// element names it:
///
/// | op | meaning |
/// |----|---------|
/// | `["n",id,kind,parent,index,x,y,w,h,props,text?]` | create a node of `kind` and insert it into `parent` at `index` |
/// | `["c",id,kind,x,y,w,h,props,text?]` | create a node of `kind` |
/// | `["u",id,x,y,w,h,props,text?]` | replace a node's frame, props and text |
/// | `["i",id,parent,index]` | insert into `parent` at `index` |
/// | `["m",id,parent,index]` | move within `parent` to `index` |
/// | `["r",id]` | remove the node and its subtree |
/// | `["f",id,x,y,w,h]` | set the frame only |
/// | `["a",seconds,[op,…]]` | apply the nested ops as one animated change |
/// | `["s",id,section,row,position]` | scroll a table to a row (`position`: none, top, middle, bottom) |
///
/// `props` is an index into `s`; `text` (a label's text, a button's title, a field's text) is
/// left out when empty. A create directly followed by the insert of the same node, which is how a
/// mount arrives, is sent as one `n` op. Frames are in points, relative to the parent, rounded to
/// hundredths; the page multiplies them by its pixels-per-point. Props carry only what differs
/// from the element's defaults (see `PropsEncoder`), which keeps one Minesweeper cell change
/// under 200 bytes.
public enum MutationEncoder {
  /// The UTF-8 JSON text of one message carrying `mutations`, in order.
  public static func encode(_ mutations: [Mutation]) -> [UInt8] {
    var table = PropsTable()
    var ops = JSONWriter(capacity: 16 + mutations.count * 24)
    write(mutations, into: &ops, table: &table)
    var writer = JSONWriter(capacity: 32 + ops.bytes.count + table.entries.bytes.count)
    writer.raw("{\"v\":")
    writer.integer(WebProtocol.version)
    if table.count > 0 {
      writer.raw(",\"s\":[")
      writer.append(table.entries.bytes)
      writer.byte(UInt8(ascii: "]"))
    }
    writer.raw(",\"m\":")
    writer.append(ops.bytes)
    writer.byte(UInt8(ascii: "}"))
    return writer.bytes
  }

  private static func write(_ mutations: [Mutation], into writer: inout JSONWriter, table: inout PropsTable) {
    writer.byte(UInt8(ascii: "["))
    var index = mutations.startIndex
    while index < mutations.endIndex {
      if index > mutations.startIndex { writer.byte(UInt8(ascii: ",")) }
      let next = mutations.index(after: index)
      if case .create(let id, let kind, let props) = mutations[index], next < mutations.endIndex,
        case .insert(id, let parent, let position) = mutations[next]
      {
        writer.raw("[\"n\",")
        writer.integer(id.rawValue)
        writer.byte(UInt8(ascii: ","))
        writer.string(kind.rawValue)
        writer.byte(UInt8(ascii: ","))
        writeNumbers([parent.rawValue, position], into: &writer)
        writer.byte(UInt8(ascii: ","))
        writeElement(props, into: &writer, table: &table)
        writer.byte(UInt8(ascii: "]"))
        index = mutations.index(after: next)
        continue
      }
      write(mutations[index], into: &writer, table: &table)
      index = next
    }
    writer.byte(UInt8(ascii: "]"))
  }

  private static func write(_ mutation: Mutation, into writer: inout JSONWriter, table: inout PropsTable) {
    switch mutation {
    case .create(let id, let kind, let props):
      writer.raw("[\"c\",")
      writer.integer(id.rawValue)
      writer.byte(UInt8(ascii: ","))
      writer.string(kind.rawValue)
      writer.byte(UInt8(ascii: ","))
      writeElement(props, into: &writer, table: &table)
    case .updateProps(let id, let props):
      writer.raw("[\"u\",")
      writer.integer(id.rawValue)
      writer.byte(UInt8(ascii: ","))
      writeElement(props, into: &writer, table: &table)
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
      write(nested, into: &writer, table: &table)
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

  /// `x,y,w,h,props` and, when there is one, `,text`: the tail of `n`, `c` and `u` ops.
  private static func writeElement(_ props: any NodeDescriptionProps, into writer: inout JSONWriter, table: inout PropsTable) {
    PropsEncoder.writeFrameNumbers(props.frame, into: &writer)
    writer.byte(UInt8(ascii: ","))
    writer.integer(table.index(of: props))
    if let text = PropsEncoder.text(of: props), !text.isEmpty {
      writer.byte(UInt8(ascii: ","))
      writer.string(text)
    }
  }

  private static func writeNumbers(_ numbers: [Int], into writer: inout JSONWriter) {
    for (index, number) in numbers.enumerated() {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      writer.integer(number)
    }
  }
}
