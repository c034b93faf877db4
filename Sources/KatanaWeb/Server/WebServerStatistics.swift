/// What a ``WebServer`` has refused and served so far, for tests, logs and monitoring.
///
/// A snapshot: read ``WebServer/statistics`` again for newer figures.
public struct WebServerStatistics: Hashable, Sendable {
  /// WebSocket connections open now.
  public var openConnections = 0
  /// WebSocket connections accepted since the server started.
  public var acceptedConnections = 0
  /// Upgrades refused with 403 because their `Origin` is not the served origin.
  public var refusedForOrigin = 0
  /// Requests and upgrades refused with 403 because their `Host` is not one of the server's
  /// names (see ``WebServer/Configuration/allowedHosts``).
  public var refusedForHost = 0
  /// Requests and upgrades refused with 403 because their token was missing or wrong.
  public var refusedForToken = 0
  /// Upgrades refused with 503 because ``WebServer/Configuration/maximumConnections`` were open.
  public var refusedForCapacity = 0
  /// Requests answered 404: any path but the page and its script.
  public var notFound = 0
  /// Client messages refused: too large, malformed, unknown node, wrong kind of event.
  public var rejectedMessages = 0
  /// Connections the server closed because their client kept sending refused messages, or sent
  /// one over the size cap, or broke the WebSocket protocol.
  public var connectionsClosedForAbuse = 0
  /// Connections dropped because their page stopped reading while
  /// ``WebServer/Configuration/maximumPendingMessages`` batches waited.
  public var connectionsDroppedForSlowness = 0
  /// TCP connections open now, of any kind.
  public var openSockets = 0
  /// TCP connections closed at once (503) because ``WebServer/Configuration/maximumOpenSockets``
  /// were open and none of them was still waiting for its request head.
  public var refusedForSocketBudget = 0
  /// Connections still waiting for their request head, closed to make room for a new connection
  /// when ``WebServer/Configuration/maximumOpenSockets`` were open.
  public var evictedForHeads = 0
  /// Requests refused while being read: head over ``WebServer/Configuration/maximumRequestHeadBytes``
  /// or ``WebServer/Configuration/maximumHeaderCount`` (431), or with a body (413).
  public var refusedForRequestLimits = 0
  /// Connections closed because a request was not complete within
  /// ``WebServer/Configuration/requestDeadline`` (408).
  public var requestsTimedOut = 0
  /// WebSockets closed after ``WebServer/Configuration/webSocketIdleTimeout`` of silence (1001).
  public var webSocketsTimedOut = 0
  /// WebSockets closed on a frame header over the message cap (1009) or against RFC 6455
  /// (1002), before the frame's payload was read.
  public var framesRefused = 0
  /// The largest client message handed to a page's session, in bytes: never above
  /// ``WebServer/Configuration/maximumMessageBytes``.
  public var largestMessageForwarded = 0

  /// Empty statistics.
  public init() {}
}
