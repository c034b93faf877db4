/// Why a client message was refused before it reached a renderer.
///
/// A refused message is dropped and counted; nothing of it reaches the store.
public enum ClientMessageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message is larger than the configured cap (in bytes).
  case tooLarge(bytes: Int, limit: Int)
  /// The message is not a JSON object of the expected shape (binary frame, bad JSON, missing or
  /// mistyped field).
  case malformed(String)
  /// The message names a protocol version this server does not speak.
  case unsupportedVersion(Int)
  /// The message's `t` field names no known message type.
  case unknownType(String)
  /// A field holds a value outside its range (a negative node id, an unknown key name, a
  /// viewport of zero points…).
  case invalidValue(field: String)
  /// The message names a node this connection's view tree does not hold.
  case unknownNode(Int)
  /// The node exists but does not take this kind of event (text input on a button, say).
  case wrongKind(event: String, kind: String)

  /// A sentence for logs.
  public var description: String {
    switch self {
    case .tooLarge(let bytes, let limit): "message of \(bytes) bytes exceeds the \(limit)-byte limit"
    case .malformed(let reason): "malformed message: \(reason)"
    case .unsupportedVersion(let version):
      "protocol version \(version) is not supported; this server speaks \(WebProtocol.version)"
    case .unknownType(let type): "unknown message type '\(type)'"
    case .invalidValue(let field): "invalid value for '\(field)'"
    case .unknownNode(let id): "no node #\(id) in this page"
    case .wrongKind(let event, let kind): "a \(kind) does not take \(event) events"
    }
  }
}
