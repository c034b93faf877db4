// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
/// Why the DevTools server could not start.
public enum DevToolsServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The host is not an IPv4 or IPv6 address, nor `localhost`.
  case invalidHost(String)
  /// The configured token is too short, too long, or has characters a URL would need to escape.
  case invalidToken
  /// Binding or listening failed (the port is taken, say).
  case cannotListen(host: String, port: UInt16, reason: String)
  /// The server was started twice.
  case alreadyStarted

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .invalidHost(let host): "DevTools: '\(host)' is not an IP address or localhost; use 127.0.0.1"
    case .invalidToken: "DevTools: the token must be 16 to 256 characters among A-Z, a-z, 0-9, '-' and '_'"
    case .cannotListen(let host, let port, let reason):
      "DevTools cannot listen on \(host):\(port) (\(reason)); try another port, or 0 for any free one"
    case .alreadyStarted: "DevTools' server is already running"
    }
  }
}
#endif
