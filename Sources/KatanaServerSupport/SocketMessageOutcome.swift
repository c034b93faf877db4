/// What a connection's session answers to a message: go on, or close with a WebSocket close code.
package enum SocketMessageOutcome: Equatable, Sendable {
  case keepOpen
  /// Close with a WebSocket close code and reason.
  case close(code: UInt16, reason: String)
}
