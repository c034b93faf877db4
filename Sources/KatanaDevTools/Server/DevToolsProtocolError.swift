// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
/// Why a page's message was refused before reaching the recorder; the page shows the
/// description, and the server counts it against the connection.
enum DevToolsProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Not a JSON object of the protocol's shape.
  case malformed(String)
  /// The message has no `token`.
  case missingToken(command: String?)
  /// The message's `token` is not the server's.
  case wrongToken(command: String?)
  /// The `command` names nothing the server knows.
  case unknownCommand(String)
  /// The command needs a field the message lacks.
  case missingField(command: String, field: String)
  /// A field holds a value outside its range (an id below 1).
  case invalidValue(command: String, field: String)
  /// A binary message; the protocol is text only.
  case binary
  /// Larger than ``DevToolsServer/Configuration/maximumMessageBytes``.
  case tooLarge(bytes: Int, limit: Int)

  /// The command the message named, when it named one the page should hear about.
  var command: String? {
    switch self {
    case .missingToken(let command), .wrongToken(let command): command.map { String($0.prefix(40)) }
    case .unknownCommand(let command), .missingField(let command, _), .invalidValue(let command, _): command
    case .malformed, .binary, .tooLarge: nil
    }
  }

  var description: String {
    switch self {
    case .malformed(let reason): "malformed command: \(reason)"
    case .missingToken: "command refused: it carries no token"
    case .wrongToken: "command refused: wrong token"
    case .unknownCommand(let name): "unknown command '\(name)'"
    case .missingField(let command, let field): "'\(command)' needs '\(field)'"
    case .invalidValue(let command, let field): "'\(command)' has an invalid '\(field)'"
    case .binary: "binary messages are not part of the protocol"
    case .tooLarge(let bytes, let limit): "message of \(bytes) bytes exceeds the \(limit)-byte limit"
    }
  }
}
#endif
