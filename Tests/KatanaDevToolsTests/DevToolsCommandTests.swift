import Foundation
import Testing

@testable import KatanaDevTools

@Suite("DevTools commands: decoding")
struct DevToolsCommandTests {
  let token = "0123456789abcdef0123456789abcdef"

  func decode(_ text: String) throws(DevToolsProtocolError) -> DevToolsCommand {
    try DevToolsCommand.decode(Data(text.utf8), token: token)
  }

  @Test("every command decodes with its fields")
  func commands() throws {
    #expect(try decode(#"{"token":"\#(token)","command":"diff","id":3}"#) == .diff(id: 3))
    #expect(try decode(#"{"token":"\#(token)","command":"state","id":4}"#) == .state(id: 4))
    #expect(try decode(#"{"token":"\#(token)","command":"jump","id":5}"#) == .jump(id: 5))
    #expect(try decode(#"{"token":"\#(token)","command":"live"}"#) == .live)
    #expect(try decode(#"{"token":"\#(token)","command":"pause"}"#) == .pause)
    #expect(try decode(#"{"token":"\#(token)","command":"resume"}"#) == .resume)
    #expect(try decode(#"{"token":"\#(token)","command":"export"}"#) == .export)
    #expect(try decode(#"{"token":"\#(token)","command":"import","session":"{}"}"#) == .import(session: Data("{}".utf8)))
    #expect(try decode(#"{"token":"\#(token)","command":"pin","path":"todos[3].title"}"#) == .pin(path: "todos[3].title"))
  }

  @Test("the token is checked before the command")
  func tokenFirst() {
    #expect(throws: DevToolsProtocolError.missingToken(command: "nonsense")) { try decode(#"{"command":"nonsense"}"#) }
    #expect(throws: DevToolsProtocolError.wrongToken(command: nil)) { try decode(#"{"token":"x"}"#) }
  }

  @Test("bad shapes are typed errors, never traps")
  func refusals() {
    #expect(throws: DevToolsProtocolError.malformed("not JSON")) { try decode("{") }
    #expect(throws: DevToolsProtocolError.malformed("not JSON")) { try decode("\u{FF}\u{00}") }
    #expect(throws: DevToolsProtocolError.malformed("not a JSON object")) { try decode("3") }
    #expect(throws: DevToolsProtocolError.unknownCommand("drop")) { try decode(#"{"token":"\#(token)","command":"drop"}"#) }
    #expect(throws: DevToolsProtocolError.missingField(command: "diff", field: "id")) {
      try decode(#"{"token":"\#(token)","command":"diff"}"#)
    }
    #expect(throws: DevToolsProtocolError.missingField(command: "pin", field: "path")) {
      try decode(#"{"token":"\#(token)","command":"pin"}"#)
    }
    #expect(throws: DevToolsProtocolError.invalidValue(command: "state", field: "id")) {
      try decode(#"{"token":"\#(token)","command":"state","id":-1}"#)
    }
    let long = String(repeating: "z", count: 500)
    #expect(throws: DevToolsProtocolError.unknownCommand(String(repeating: "z", count: 40))) {
      try decode(#"{"token":"\#(token)","command":"\#(long)"}"#)
    }
  }
}
