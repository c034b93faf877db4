/// What a ``WebServer`` has refused and served so far, for tests, logs and monitoring.
///
/// A snapshot: read ``WebServer/statistics`` again for newer figures.
public struct WebServerStatistics: Hashable, Sendable {
  /// WebSocket connections open now.
  public var openConnections = 0
  /// WebSocket connections accepted since the server started.
  public var acceptedConnections = 0
  /// Upgrades refused with 403 because their `Origin` (or `Host`) is not the served origin.
  public var refusedForOrigin = 0
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

  /// Empty statistics.
  public init() {}
}
