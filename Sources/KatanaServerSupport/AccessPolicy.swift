import Foundation

/// Who may use a server: the `Host` a request names, the `Origin` of a WebSocket upgrade, and the
/// token every request must carry. Both of the package's servers check requests with it, before
/// routing them, so every path and the upgrade are refused the same way.
///
/// - **Host**: bound to loopback, the `Host` must be a loopback name or IP (`localhost`,
///   `127.x.x.x`, `[::1]`); bound to a wildcard or another address, it must be one of the
///   server's own IP literals, a loopback name, or a name given in ``allowedHosts``. A
///   DNS-rebinding page names its own host, so it is refused whatever it resolves to.
/// - **Origin** (upgrades only): one of ``additionalOrigins``, or `http://` plus an allowed
///   host with the server's port or the request's own (already allowed) `Host` (`https://` only
///   for a name of ``allowedHosts``, behind a reverse proxy); never a client-chosen `Host` alone. A missing origin is refused: browsers always send one.
/// - **Token**: exactly one `token` query item, or the cookie ``cookieName(port:)`` the server
///   set when the page was loaded with the token, compared in constant time.
///
/// A value: safe to use from any thread.
package struct AccessPolicy: Hashable, Sendable {
  /// The address the server binds (`127.0.0.1`, `::1`, `0.0.0.0`…).
  package var host: String
  /// Names accepted in `Host` besides the loopback names and the server's own addresses.
  package var allowedHosts: Set<String>
  /// Origins accepted besides the served ones, written like `http://example.local:8080`.
  package var additionalOrigins: Set<String>
  /// The token every request must carry; `nil` for none (loopback only).
  package var token: String?
  /// The addresses of this machine's interfaces, accepted in `Host` under a wildcard bind.
  package var ownAddresses: Set<String>

  package init(
    host: String, allowedHosts: Set<String> = [], additionalOrigins: Set<String> = [], token: String?,
    ownAddresses: Set<String> = []
  ) {
    self.host = host
    self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
    self.additionalOrigins = additionalOrigins
    self.token = token
    self.ownAddresses = ownAddresses
  }

  /// Why a request is refused; each is a 403.
  package enum Refusal: Hashable, Sendable {
    case host
    case token
    case origin
  }

  /// The cookie that carries the token after the page's first load: one per port, since
  /// browsers share cookies between the ports of a host.
  package static func cookieName(port: UInt16) -> String { "katana-token-\(port)" }

  /// Whether `host` is a loopback bind, where a missing token is allowed.
  package static func isLoopback(_ host: String) -> Bool {
    let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return name == "localhost" || name == "::1" || name.hasPrefix("127.")
  }

  /// Checks `request`'s host, token and (for an upgrade) origin.
  ///
  /// - Parameters:
  ///   - request: the request.
  ///   - port: the port listened on; `nil` before the server listens (everything is refused).
  ///   - isUpgrade: whether the request asks for a WebSocket (its origin is checked).
  /// - Returns: `nil` when allowed; how the token was shown is not reported.
  package func refusal(for request: ServerRequest, port: UInt16?, isUpgrade: Bool) -> Refusal? {
    guard let port, acceptsHost(request.header("Host")) else { return .host }
    guard acceptsToken(in: request, port: port) else { return .token }
    if isUpgrade && !acceptsOrigin(request.header("Origin"), requestHost: request.header("Host"), port: port) {
      return .origin
    }
    return nil
  }

  /// Whether the token came as a query item (the page's first load), so the server should set
  /// the cookie.
  package func tokenCameInQuery(_ request: ServerRequest) -> Bool {
    token != nil && request.query.contains { $0.name == "token" }
  }

  /// Whether a `Host` header names this server (see the type's overview).
  package func acceptsHost(_ header: String?) -> Bool {
    guard let header, let name = Self.hostName(ofAuthority: header) else { return false }
    if Self.isLoopback(name) { return true }
    if Self.isLoopback(host) { return false }
    if allowedHosts.contains(name) { return true }
    let literal = name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if ServerAddress.isWildcard(host) { return ownAddresses.contains(literal) }
    return literal == host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
  }

  /// Whether an upgrade's `Origin` is acceptable (see the type's overview).
  package func acceptsOrigin(_ origin: String?, requestHost: String?, port: UInt16) -> Bool {
    guard let origin else { return false }
    if additionalOrigins.contains(origin) { return true }
    let authority: Substring
    if origin.hasPrefix("http://") {
      authority = origin.dropFirst("http://".count)
    } else if origin.hasPrefix("https://") {
      authority = origin.dropFirst("https://".count)
      // The server has no TLS: an https page can only be a reverse proxy's, under a named host.
      guard let name = Self.hostName(ofAuthority: String(authority)), allowedHosts.contains(name) else { return false }
    } else {
      return false
    }
    guard acceptsHost(String(authority)) else { return false }
    if let requestHost, authority.lowercased() == requestHost.lowercased() { return true }
    return Self.port(ofAuthority: String(authority)) == port
  }

  /// Whether the request carries the token: exactly one `token` query item equal to it, or else
  /// the cookie.
  package func acceptsToken(in request: ServerRequest, port: UInt16) -> Bool {
    guard let token else { return true }
    let given = request.query.filter { $0.name == "token" }
    if !given.isEmpty { return given.count == 1 && AccessToken.matches(given[0].value, token) }
    let cookieName = Self.cookieName(port: port)
    let cookies = (request.header("Cookie") ?? "").split(separator: ";").compactMap { pair -> Substring? in
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName else { return nil }
      return parts[1]
    }
    return cookies.count == 1 && AccessToken.matches(cookies[0].trimmingCharacters(in: .whitespaces), token)
  }

  /// The lowercased host name of `host[:port]` (IPv6 kept in brackets); `nil` when malformed.
  static func hostName(ofAuthority authority: String) -> String? {
    let lowered = authority.lowercased()
    if lowered.hasPrefix("[") {
      guard let end = lowered.firstIndex(of: "]") else { return nil }
      return String(lowered[...end])
    }
    let name = lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    guard let name, !name.isEmpty else { return nil }
    return name
  }

  /// The port of `host[:port]`, `nil` when absent.
  static func port(ofAuthority authority: String) -> UInt16? {
    let afterHost = authority.hasPrefix("[") ? authority.split(separator: "]", maxSplits: 1).dropFirst().first ?? "" : authority[...]
    guard let colon = afterHost.lastIndex(of: ":") else { return nil }
    return UInt16(afterHost[afterHost.index(after: colon)...])
  }
}
