/// What one of the package's servers serves, behind the skeleton's checks: its routes, and the
/// session it runs on each accepted WebSocket. The skeleton (``ListeningServer``) has already
/// refused what the access policy and the limits refuse; a site only routes.
///
/// Both servers route the same way: an enum of their paths, made from the request's path, and a
/// switch over it that returns an answer (``SiteRoute/answer(_:)``) or opens the socket.
package protocol ServerSite: Sendable {
  /// Where `request` (allowed, without a body) goes. An upgrade may only go to
  /// ``SiteRoute/socket``; anything else it is routed to is answered as a refusal.
  ///
  /// - Parameter port: the port listened on.
  func route(_ request: ServerRequest, port: UInt16) -> SiteRoute
  /// WebSocket connections open at once; the next upgrade is refused with 503.
  var maximumConnections: Int { get }
  /// Messages that may wait for a page that does not read; one more drops the connection.
  var maximumPendingMessages: Int { get }
  /// Makes the session of a new WebSocket, which writes to `output`.
  func openSession(output: SocketOutput) async -> any SocketSession
  /// Counts a connection closed because its session or its frames were refused.
  func countClosedForAbuse()
  /// Counts a connection dropped because its page stopped reading.
  func countDroppedForSlowness()
}

/// Where a request goes.
package enum SiteRoute: Sendable {
  /// An answer: a page, a file, or a refusal (404, 405, 426…).
  case answer(ServerAnswer)
  /// The WebSocket (for an upgrade; a plain request here is answered 426).
  case socket
}
