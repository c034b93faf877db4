import Foundation
import KatanaUI
import Testing

@testable import KatanaWeb

/// Decodes an encoded message back with Foundation, to check it is valid JSON of the right shape.
func decodeMessage(_ bytes: [UInt8]) throws -> (version: Int, ops: [[Any]], props: [[String: Any]]) {
  let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  let version = try #require(object["v"] as? Int)
  let ops = try #require(object["m"] as? [[Any]])
  let props = try #require((object["s"] ?? []) as? [[String: Any]])
  return (version, ops, props)
}

/// Where an element op (`n`, `c`, `u`) keeps its frame: the index of `x`; `nil` for other ops.
private func frameIndex(_ op: [Any]) -> Int? {
  switch op.first as? String {
  case "n": 5
  case "c": 3
  case "u": 2
  default: nil
  }
}

/// The kind an `n` or `c` op creates.
func createdKind(_ op: [Any]) -> String? {
  ["n", "c"].contains(op.first as? String) ? op[2] as? String : nil
}

/// The text an element op carries ("" when left out).
func elementText(_ op: [Any]) -> String? {
  guard let index = frameIndex(op) else { return nil }
  return op.count > index + 5 ? op[index + 5] as? String : ""
}

/// The frame an element op or an `f` op sets.
func elementFrame(_ op: [Any]) -> [Double]? {
  let index = op.first as? String == "f" ? 2 : frameIndex(op)
  guard let index, op.count >= index + 4 else { return nil }
  return op[index..<index + 4].compactMap { $0 as? Double }
}

/// The props object an element op names in its message's table.
func elementProps(_ op: [Any], in table: [[String: Any]]) -> [String: Any]? {
  guard let index = frameIndex(op), let entry = op[index + 4] as? Int, table.indices.contains(entry) else { return nil }
  return table[entry]
}

@Suite("Mutation encoder")
struct MutationEncoderTests {
  @Test("every mutation kind is encoded as one op of a versioned message, in order")
  func everyKind() throws {
    let mutations: [Mutation] = [
      .create(NodeID(rawValue: 1), kind: .view, props: ViewProps.build { $0.frame = Rect(x: 1, y: 2, width: 3, height: 4) }),
      .updateProps(NodeID(rawValue: 1), props: ViewProps.build { $0.backgroundColor = .red }),
      .insert(NodeID(rawValue: 1), parent: .container, at: 0),
      .move(NodeID(rawValue: 2), parent: NodeID(rawValue: 1), to: 3),
      .remove(NodeID(rawValue: 2)),
      .setFrame(NodeID(rawValue: 1), Rect(x: 0.5, y: 0.25, width: 10.125, height: -3)),
      .animate(.linear(duration: .milliseconds(250)), [.setFrame(NodeID(rawValue: 1), Rect(x: 1, y: 1, width: 1, height: 1))]),
      .command(NodeID(rawValue: 3), .scrollToRow(TableIndexPath(section: 1, row: 2), position: .middle, animated: true)),
    ]
    let (version, ops, table) = try decodeMessage(MutationEncoder.encode(mutations))
    #expect(version == WebProtocol.version)
    #expect(ops.map { $0[0] as? String } == ["c", "u", "i", "m", "r", "f", "a", "s"])
    #expect(ops[0][1] as? Int == 1)
    #expect(createdKind(ops[0]) == "view")
    #expect(elementFrame(ops[0]) == [1, 2, 3, 4])
    #expect(try #require(elementProps(ops[0], in: table)).isEmpty)
    #expect(elementProps(ops[1], in: table)?["bg"] as? String == "#ff0000")
    #expect(ops[2].dropFirst().map { $0 as? Int } == [1, 0, 0])
    #expect(ops[3].dropFirst().map { $0 as? Int } == [2, 1, 3])
    #expect(ops[4][1] as? Int == 2)
    #expect(elementFrame(ops[5]) == [0.5, 0.25, 10.13, -3])
    #expect(ops[6][1] as? Double == 0.25)
    #expect((ops[6][2] as? [[Any]])?.first?.first as? String == "f")
    #expect(ops[7][1] as? Int == 3)
    #expect(ops[7][2] as? Int == 1)
    #expect(ops[7][3] as? Int == 2)
    #expect(ops[7][4] as? String == "middle")
  }

  @Test("a create followed by the insert of the same node is one op; elements of one style share its props")
  func mountOps() throws {
    let mutations: [Mutation] = (1...3).flatMap { id -> [Mutation] in
      let label = LabelProps.build {
        $0.frame = Rect(x: Double(id) * 10, y: 0, width: 10, height: 8)
        $0.text = id == 3 ? "" : "label \(id)"
        $0.fontSize = 8
      }
      return [.create(NodeID(rawValue: id), kind: .label, props: label), .insert(NodeID(rawValue: id), parent: .container, at: id - 1)]
    } + [.create(NodeID(rawValue: 9), kind: .view, props: ViewProps()), .insert(NodeID(rawValue: 8), parent: .container, at: 0)]
    let (_, ops, table) = try decodeMessage(MutationEncoder.encode(mutations))
    #expect(ops.map { $0[0] as? String } == ["n", "n", "n", "c", "i"])
    #expect(ops[1].prefix(5).map { "\($0)" } == ["n", "2", "label", "0", "1"])
    #expect(elementFrame(ops[1]) == [20, 0, 10, 8])
    #expect(ops.prefix(3).map(elementText) == ["label 1", "label 2", ""])
    #expect(table.count == 2)
    #expect(elementProps(ops[2], in: table)?["fs"] as? Double == 8)
    #expect(ops.prefix(3).map { $0[9] as? Int } == [0, 0, 0])
  }

  @Test("each element's props carry what differs from its defaults; its text rides in the op")
  func propsOfEachKind() throws {
    let label = LabelProps.build {
      $0.text = "Say \"hi\"\n\u{1}"
      $0.textColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
      $0.textAlignment = .center
      $0.lineBreakMode = .byTruncatingTail
      $0.fontSize = 12
    }
    let button = ButtonProps.build {
      $0.titles = [.normal: "Go", .highlighted: "Going"]
      $0.titleColors[.normal] = .white
      $0.isEnabled = false
      $0.alpha = 0.5
    }
    let field = TextFieldProps.build {
      $0.text = "abc"
      $0.placeholder = "Name"
      $0.isSecure = true
    }
    let image = ImageProps.build {
      $0.image = "logo"
      $0.tintColor = .blue
    }
    let row = TableRowProps(indexPath: TableIndexPath(section: 0, row: 4), height: .fixed(2), cell: View(props: ViewProps()))
    let mutations: [Mutation] = [
      .create(NodeID(rawValue: 1), kind: .label, props: label),
      .create(NodeID(rawValue: 2), kind: .button, props: button),
      .create(NodeID(rawValue: 3), kind: .textField, props: field),
      .create(NodeID(rawValue: 4), kind: .image, props: image),
      .create(NodeID(rawValue: 5), kind: .view, props: row),
      .create(NodeID(rawValue: 6), kind: .touchHandler, props: TouchHandlerProps()),
      .create(NodeID(rawValue: 7), kind: .table, props: TableProps()),
    ]
    let (_, ops, table) = try decodeMessage(MutationEncoder.encode(mutations))
    let props = try ops.map { try #require(elementProps($0, in: table)) }
    #expect(ops.map(elementText) == ["Say \"hi\"\n\u{1}", "Go", "abc", "", "", "", ""])
    #expect(props[0]["tc"] as? String == "#ffffff80")
    #expect(props[0]["al"] as? String == "c")
    #expect(props[0]["lb"] as? String == "t")
    #expect(props[0]["fs"] as? Double == 12)
    #expect(props[1]["th"] as? String == "Going")
    #expect(props[1]["tc"] as? String == "#ffffff")
    #expect(props[1]["en"] as? Int == 0)
    #expect(props[1]["a"] as? Double == 0.5)
    #expect(props[2]["ph"] as? String == "Name")
    #expect(props[2]["sec"] as? Int == 1)
    #expect(props[2]["bg"] as? String == "#ffffff")
    #expect(props[3]["img"] as? String == "logo")
    #expect(props[3]["tint"] as? String == "#0000ff")
    #expect(props[4]["row"] as? [Int] == [0, 4])
    #expect(props[5].isEmpty)
    #expect(props[6].isEmpty)
    #expect(props.allSatisfy { $0["t"] == nil && $0["f"] == nil })
  }

  @Test("numbers are rounded to hundredths and non-finite values become 0")
  func numbers() {
    func text(_ value: Double) -> String {
      var writer = JSONWriter()
      writer.number(value)
      return String(decoding: writer.bytes, as: UTF8.self)
    }
    #expect(text(3) == "3")
    #expect(text(-2.5) == "-2.5")
    #expect(text(0.05) == "0.05")
    #expect(text(1.999) == "2")
    #expect(text(-0.004) == "0")
    #expect(text(.infinity) == "0")
    #expect(text(.nan) == "0")
    #expect(text(1e20) == "1e+20")
  }
}
