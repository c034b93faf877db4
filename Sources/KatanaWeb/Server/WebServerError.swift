/// Why a ``WebServer`` could not start.
public enum WebServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The host is not an IPv4 or IPv6 address, nor `localhost`.
  case invalidHost(String)
  /// Binding or listening failed (the port is taken, say).
  case cannotListen(host: String, port: UInt16, reason: String)
  /// ``WebServer/start()`` was called on a server that already runs.
  case alreadyStarted
  /// The configured token is too short, too long, or has characters a URL would need to escape.
  case invalidToken
  /// No token was configured, but the server binds an address other machines can reach.
  case tokenRequired(host: String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .invalidHost(let host): "'\(host)' is not an IP address or localhost; use --host 127.0.0.1 or an address"
    case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
    case .alreadyStarted: "the server is already running"
    case .invalidToken: "the token must be 16 to 256 characters among A-Z, a-z, 0-9, '-' and '_'"
    case .tokenRequired(let host): "--no-token is only allowed on loopback, not on \(host)"
    }
  }
}
