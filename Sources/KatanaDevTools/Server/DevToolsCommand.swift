// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
import Foundation
import KatanaServerSupport

/// A command from the page, checked: its token matched and its fields are all there.
enum DevToolsCommand: Equatable, Sendable {
  case diff(id: Int)
  case state(id: Int)
  case jump(id: Int)
  case live
  case pause
  case resume
  case export
  case exportTest
  case `import`(session: Data)
  case pin(path: String)

  /// The command's name, as the page writes it.
  var name: String {
    switch self {
    case .diff: "diff"
    case .state: "state"
    case .jump: "jump"
    case .live: "live"
    case .pause: "pause"
    case .resume: "resume"
    case .export: "export"
    case .exportTest: "exportTest"
    case .import: "import"
    case .pin: "pin"
    }
  }

  /// Decodes one message's UTF-8 bytes; never traps, whatever the bytes.
  ///
  /// - Throws: ``DevToolsProtocolError``: the first problem found; the token is checked before
  ///   the command is looked at.
  static func decode(_ data: Data, token: String) throws(DevToolsProtocolError) -> DevToolsCommand {
    let raw: RawCommand
    do {
      raw = try JSONDecoder().decode(RawCommand.self, from: data)
    } catch {
      throw .malformed(reason(for: error))
    }
    guard let given = raw.token else { throw .missingToken(command: raw.command) }
    guard DevToolsToken.matches(given, token) else { throw .wrongToken(command: raw.command) }
    guard let name = raw.command else { throw .malformed("missing 'command'") }
    switch name {
    case "diff": return .diff(id: try id(of: raw, name))
    case "state": return .state(id: try id(of: raw, name))
    case "jump": return .jump(id: try id(of: raw, name))
    case "live": return .live
    case "pause": return .pause
    case "resume": return .resume
    case "export": return .export
    case "exportTest": return .exportTest
    case "import":
      guard let session = raw.session else { throw .missingField(command: name, field: "session") }
      return .import(session: Data(session.utf8))
    case "pin":
      guard let path = raw.path else { throw .missingField(command: name, field: "path") }
      return .pin(path: path)
    default:
      throw .unknownCommand(String(name.prefix(40)))
    }
  }

  private static func id(of raw: RawCommand, _ name: String) throws(DevToolsProtocolError) -> Int {
    guard let id = raw.id else { throw .missingField(command: name, field: "id") }
    // Ids start at 1; anything else cannot name a recorded item.
    guard id > 0 else { throw .invalidValue(command: name, field: "id") }
    return id
  }

  private static func reason(for error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
      return "not JSON"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? "not a JSON object" : "bad field '\(path)'"
    default:
      return "not JSON"
    }
  }
}

/// The fields a command may carry, before validation.
private struct RawCommand: Decodable {
  var token: String?
  var command: String?
  var id: Int?
  var session: String?
  var path: String?
}
#endif
