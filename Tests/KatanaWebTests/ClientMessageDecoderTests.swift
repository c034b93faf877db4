import Foundation
import KatanaUI
import Testing

@testable import KatanaWeb

@Suite("Client message decoder")
struct ClientMessageDecoderTests {
  let decoder = ClientMessageDecoder()

  @Test(
    "every event and the viewport are decoded",
    arguments: [
      (#"{"v":2,"t":"viewport","w":1280,"h":720.5}"#, ClientMessage.viewport(Size(width: 1280, height: 720.5))),
      (#"{"v":2,"t":"touch","n":3,"p":"down"}"#, .event(.touch(.touchDown), node: NodeID(rawValue: 3))),
      (#"{"v":2,"t":"touch","n":3,"p":"up"}"#, .event(.touch(.touchUpInside), node: NodeID(rawValue: 3))),
      (#"{"v":2,"t":"touch","n":3,"p":"upOutside"}"#, .event(.touch(.touchUpOutside), node: NodeID(rawValue: 3))),
      (#"{"v":2,"t":"touch","n":3,"p":"cancel"}"#, .event(.touch(.touchCancel), node: NodeID(rawValue: 3))),
      (#"{"v":2,"t":"touch","n":3,"p":"secondaryDown"}"#, .event(.touch(.secondaryTouchDown), node: NodeID(rawValue: 3))),
      (#"{"v":2,"t":"touch","n":3,"p":"secondaryUp"}"#, .event(.touch(.secondaryTouchUpInside), node: NodeID(rawValue: 3))),
      (#"{"v":2,"t":"key","n":4,"k":"f"}"#, .event(.key(KeyPress(.character("f"))), node: NodeID(rawValue: 4))),
      (#"{"v":2,"t":"key","n":4,"k":"é","m":["alt"]}"#, .event(.key(KeyPress(.character("é"), modifiers: .alt)), node: NodeID(rawValue: 4))),
      (#"{"v":2,"t":"key","n":4,"k":"ArrowUp","m":["shift","ctrl"]}"#, .event(.key(KeyPress(.up, modifiers: [.shift, .control])), node: NodeID(rawValue: 4))),
      (#"{"v":2,"t":"key","n":4,"k":"Enter"}"#, .event(.key(KeyPress(.enter)), node: NodeID(rawValue: 4))),
      (#"{"v":2,"t":"key","n":4,"k":"PageDown"}"#, .event(.key(KeyPress(.pageDown)), node: NodeID(rawValue: 4))),
      (#"{"v":2,"t":"key","n":4,"k":"F12"}"#, .event(.key(KeyPress(.function(12))), node: NodeID(rawValue: 4))),
      (#"{"v":2,"t":"text","n":5,"s":"Buy \"milk\""}"#, .event(.textInput("Buy \"milk\""), node: NodeID(rawValue: 5))),
      (#"{"v":2,"t":"paste","n":5,"s":"a\nb"}"#, .event(.paste("a\nb"), node: NodeID(rawValue: 5))),
      (#"{"v":2,"t":"row","n":6,"sec":0,"row":2}"#, .event(.tableRowTap(TableIndexPath(section: 0, row: 2)), node: NodeID(rawValue: 6))),
      (#"{"v":2,"t":"scroll","n":6,"o":40.5}"#, .event(.tableDidScroll(offset: 40.5), node: NodeID(rawValue: 6))),
      (#"{"v":2,"t":"navigate","ps":["/","/todos/3"]}"#, .navigate(paths: ["/", "/todos/3"])),
    ])
  func decodes(text: String, expected: ClientMessage) throws {
    #expect(try decoder.decode(text) == expected)
  }

  @Test(
    "bad input is refused with the matching error",
    arguments: [
      ("", ClientMessageError.malformed("not a JSON object of the protocol")),
      ("[1,2]", .malformed("not a JSON object of the protocol")),
      (#"{"t":"touch"}"#, .malformed("not a JSON object of the protocol")),
      (#"{"v":"1","t":"touch"}"#, .malformed("bad field 'v'")),
      (#"{"v":1,"t":"touch","n":1,"p":"up"}"#, .unsupportedVersion(1)),
      (#"{"v":2,"t":"explode"}"#, .unknownType("explode")),
      (#"{"v":2,"t":"touch","p":"up"}"#, .malformed("missing n")),
      (#"{"v":2,"t":"touch","n":0,"p":"up"}"#, .invalidValue(field: "n")),
      (#"{"v":2,"t":"touch","n":-4,"p":"up"}"#, .invalidValue(field: "n")),
      (#"{"v":2,"t":"touch","n":1,"p":"sideways"}"#, .invalidValue(field: "p")),
      (#"{"v":2,"t":"touch","n":1}"#, .malformed("touch needs p")),
      (#"{"v":2,"t":"key","n":1,"k":"PageUpDown"}"#, .invalidValue(field: "k")),
      (#"{"v":2,"t":"key","n":1,"k":"\u0007"}"#, .invalidValue(field: "k")),
      (#"{"v":2,"t":"key","n":1,"k":"F25"}"#, .invalidValue(field: "k")),
      (#"{"v":2,"t":"key","n":1,"k":"a","m":["hyper"]}"#, .invalidValue(field: "m")),
      (#"{"v":2,"t":"row","n":1,"sec":-1,"row":0}"#, .invalidValue(field: "sec")),
      (#"{"v":2,"t":"scroll","n":1,"o":-1}"#, .invalidValue(field: "o")),
      (#"{"v":2,"t":"scroll","n":1,"o":1e300}"#, .invalidValue(field: "o")),
      (#"{"v":2,"t":"viewport","w":0,"h":10}"#, .invalidValue(field: "w")),
      (#"{"v":2,"t":"viewport","w":10,"h":1e9}"#, .invalidValue(field: "h")),
      (#"{"v":2,"t":"viewport","w":10}"#, .malformed("viewport needs w and h")),
      (#"{"v":2,"t":"navigate"}"#, .malformed("navigate needs ps")),
      (#"{"v":2,"t":"navigate","ps":[]}"#, .invalidValue(field: "ps")),
      (#"{"v":2,"t":"navigate","ps":["todos"]}"#, .invalidValue(field: "ps")),
      (#"{"v":2,"t":"navigate","ps":["/a\u0000"]}"#, .invalidValue(field: "ps")),
      (#"{"v":2,"t":"navigate","ps":"/"}"#, .malformed("bad field 'ps'")),
      (#"{"v":2,"t":"touch","n":99999999999999999999,"p":"up"}"#, .malformed("not a JSON object of the protocol")),
    ])
  func refuses(text: String, expected: ClientMessageError) {
    #expect(throws: expected) { try decoder.decode(text) }
  }

  @Test("messages above the cap are refused before parsing")
  func tooLarge() {
    let small = ClientMessageDecoder(maximumMessageBytes: 1024)
    let text = #"{"v":2,"t":"text","n":1,"s":""# + String(repeating: "a", count: 2000) + #""}"#
    #expect(throws: ClientMessageError.tooLarge(bytes: text.utf8.count, limit: 1024)) { try small.decode(text) }
  }

  /// Bounded fuzzing: 50,000 random byte strings and 50,000 mutations of valid messages, from a
  /// fixed seed so a failure replays. Every input must come back as a message whose fields are in
  /// range, or as a typed error; none may trap.
  @Test("100,000 random and mutated inputs never trap and never yield out-of-range messages")
  func fuzz() {
    var random = SplitMix64(seed: 0x6B61_7461_6E61)
    let valid = [
      #"{"v":2,"t":"viewport","w":1280,"h":720}"#, #"{"v":2,"t":"touch","n":3,"p":"up"}"#,
      #"{"v":2,"t":"key","n":4,"k":"ArrowUp","m":["shift"]}"#, #"{"v":2,"t":"text","n":5,"s":"hello"}"#,
      #"{"v":2,"t":"row","n":6,"sec":0,"row":2}"#, #"{"v":2,"t":"scroll","n":6,"o":40}"#,
    ].map { Array($0.utf8) }
    let alphabet = Array(#"{}[]",:0123456789-+.eE truefalsnul\"vtnpkmsrowh"#.utf8)
    var decoded = 0
    var refused = 0
    for index in 0..<100_000 {
      var bytes: [UInt8]
      if index % 2 == 0 {
        bytes = (0..<Int(random.next() % 96)).map { _ in
          random.next() % 3 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))] : UInt8(truncatingIfNeeded: random.next())
        }
      } else {
        bytes = valid[Int(random.next() % UInt64(valid.count))]
        for _ in 0...(random.next() % 4) {
          let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
          switch random.next() % 3 {
          case 0 where !bytes.isEmpty: bytes[position] = alphabet[Int(random.next() % UInt64(alphabet.count))]
          case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
          default: if !bytes.isEmpty { bytes.remove(at: position) }
          }
        }
      }
      do {
        let message = try decoder.decode(Data(bytes))
        decoded += 1
        switch message {
        case .viewport(let size):
          #expect(size.width >= 1 && size.width <= 100_000 && size.height >= 1 && size.height <= 100_000)
        case .event(let event, let node):
          #expect(node.rawValue > 0)
          if case .tableDidScroll(let offset) = event { #expect(offset.isFinite && offset >= 0) }
          if case .tableRowTap(let indexPath) = event { #expect(indexPath.section >= 0 && indexPath.row >= 0) }
        case .navigate(let paths):
          #expect(!paths.isEmpty && paths.count <= 64 && paths.allSatisfy { $0.hasPrefix("/") })
        }
      } catch {
        refused += 1
      }
    }
    #expect(decoded + refused == 100_000)
    // The mutations leave some messages valid, so both paths are exercised.
    #expect(decoded > 0)
    #expect(refused > 50_000)
  }

  @Test("a message's input sequence number is read, and one out of range is refused")
  func sequenceNumbers() throws {
    let numbered = try decoder.decodeSequenced(Data(#"{"v":2,"t":"text","n":7,"s":"ab","q":41}"#.utf8))
    #expect(numbered.message == .event(.textInput("ab"), node: NodeID(rawValue: 7)))
    #expect(numbered.sequence == 41)
    #expect(try decoder.decodeSequenced(Data(#"{"v":2,"t":"viewport","w":10,"h":10}"#.utf8)).sequence == nil)
    #expect(throws: ClientMessageError.invalidValue(field: "q")) {
      try decoder.decodeSequenced(Data(#"{"v":2,"t":"viewport","w":10,"h":10,"q":-1}"#.utf8))
    }
  }
}

/// A small seeded generator (SplitMix64), so the fuzz inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
