/// Which `Origin` a WebSocket upgrade may come from: the origin its page was served from.
///
/// A browser sends `Origin` with every WebSocket upgrade and a page cannot forge it, so a check
/// here stops another site open in the same browser from driving the server.
///
/// A value: safe to use from any thread.
package struct OriginPolicy: Hashable, Sendable {
  /// The address the server binds (`127.0.0.1`, `::1`, `0.0.0.0`…).
  package var host: String
  /// Origins accepted besides the served ones, written like `http://example.local:8080`.
  package var additionalOrigins: Set<String>

  package init(host: String, additionalOrigins: Set<String>) {
    self.host = host
    self.additionalOrigins = additionalOrigins
  }

  /// `host:port` authorities the page may be loaded from: the loopback names, and the bound
  /// host unless it is a wildcard.
  package func allowedAuthorities(port: UInt16) -> Set<String> {
    var hosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
    if !ServerAddress.isWildcard(host) { hosts.insert(ServerAddress.bracketed(host)) }
    return Set(hosts.map { "\($0):\(port)" })
  }

  /// Whether an upgrade's `Origin` is acceptable.
  ///
  /// The origin must be `http://` plus an allowed authority, or one of ``additionalOrigins``. A
  /// server bound to every interface cannot list its own names, so there the origin must at
  /// least match the request's `Host`. A missing origin is refused: browsers always send one.
  ///
  /// - Parameters:
  ///   - origin: the request's `Origin` header.
  ///   - requestHost: the request's `Host` header.
  ///   - port: the port the server listens on; `nil` before it listens (everything is refused).
  package func accepts(origin: String?, requestHost: String?, port: UInt16?) -> Bool {
    guard let origin, let port else { return false }
    if additionalOrigins.contains(origin) { return true }
    if allowedAuthorities(port: port).contains(where: { "http://\($0)" == origin }) { return true }
    if ServerAddress.isWildcard(host), let requestHost { return origin == "http://\(requestHost)" }
    return false
  }
}
