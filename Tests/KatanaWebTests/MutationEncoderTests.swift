import Foundation
import KatanaUI
import Testing

@testable import KatanaWeb

/// Decodes an encoded message back with Foundation, to check it is valid JSON of the right shape.
func decodeMessage(_ bytes: [UInt8]) throws -> (version: Int, ops: [[Any]]) {
  let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  let version = try #require(object["v"] as? Int)
  let ops = try #require(object["m"] as? [[Any]])
  return (version, ops)
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
    let (version, ops) = try decodeMessage(MutationEncoder.encode(mutations))
    #expect(version == WebProtocol.version)
    #expect(ops.map { $0[0] as? String } == ["c", "u", "i", "m", "r", "f", "a", "s"])
    #expect(ops[0][1] as? Int == 1)
    #expect(ops[0][2] as? String == "view")
    #expect((ops[0][3] as? [String: Any])?["f"] as? [Double] == [1, 2, 3, 4])
    #expect((ops[1][2] as? [String: Any])?["bg"] as? String == "#ff0000")
    #expect(ops[2].dropFirst().map { $0 as? Int } == [1, 0, 0])
    #expect(ops[3].dropFirst().map { $0 as? Int } == [2, 1, 3])
    #expect(ops[4][1] as? Int == 2)
    #expect(ops[5].dropFirst(2).map { $0 as? Double } == [0.5, 0.25, 10.13, -3])
    #expect(ops[6][1] as? Double == 0.25)
    #expect((ops[6][2] as? [[Any]])?.first?.first as? String == "f")
    #expect(ops[7][1] as? Int == 3)
    #expect(ops[7][2] as? Int == 1)
    #expect(ops[7][3] as? Int == 2)
    #expect(ops[7][4] as? String == "middle")
  }

  @Test("each element's props carry what differs from its defaults")
  func elementProps() throws {
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
    let props = try decodeMessage(MutationEncoder.encode(mutations)).ops.map { try #require($0[3] as? [String: Any]) }
    #expect(props[0]["t"] as? String == "Say \"hi\"\n\u{1}")
    #expect(props[0]["tc"] as? String == "#ffffff80")
    #expect(props[0]["al"] as? String == "c")
    #expect(props[0]["lb"] as? String == "t")
    #expect(props[0]["fs"] as? Double == 12)
    #expect(props[1]["t"] as? String == "Go")
    #expect(props[1]["th"] as? String == "Going")
    #expect(props[1]["tc"] as? String == "#ffffff")
    #expect(props[1]["en"] as? Int == 0)
    #expect(props[1]["a"] as? Double == 0.5)
    #expect(props[2]["t"] as? String == "abc")
    #expect(props[2]["ph"] as? String == "Name")
    #expect(props[2]["sec"] as? Int == 1)
    #expect(props[2]["bg"] as? String == "#ffffff")
    #expect(props[3]["img"] as? String == "logo")
    #expect(props[3]["tint"] as? String == "#0000ff")
    #expect(props[4]["row"] as? [Int] == [0, 4])
    #expect(props[5].keys.sorted() == ["f"])
    #expect(props[6].keys.sorted() == ["f"])
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
