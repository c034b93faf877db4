// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
package import KatanaServerSupport

/// What a ``DevToolsServer`` has served and refused so far, for tests and logs.
///
/// A snapshot: read ``DevToolsServer/statistics`` again for newer figures.
package struct DevToolsServerStatistics: Hashable, Sendable {
  /// Connections, refusals (host, token, origin, capacity, limits) as both servers count them.
  package var shared = ServerCounters.Snapshot()
  /// WebSocket connections open now.
  package var openConnections: Int { shared.openConnections }
  /// WebSocket connections accepted since the server started.
  package var acceptedConnections: Int { shared.acceptedConnections }
  /// Requests answered 403 because their token was missing or wrong (any path, or the socket).
  package var refusedForToken: Int { shared.refusedForToken }
  /// Upgrades answered 403 because their `Origin` is not the page's.
  package var refusedForOrigin: Int { shared.refusedForOrigin }
  /// Upgrades answered 503 because ``DevToolsServer/Configuration/maximumConnections`` were open.
  package var refusedForCapacity: Int { shared.refusedForCapacity }
  /// Requests answered 404: any path but the page, its script, its styles and the socket.
  package var notFound = 0
  /// Commands handled (including those the recorder refused).
  package var handledCommands = 0
  /// Commands the recorder refused with a `DevToolsCommandError` (an item no longer recorded…);
  /// the page was told why.
  package var failedCommands = 0
  /// Messages refused before reaching the recorder: not JSON, unknown command, missing field,
  /// missing or wrong token, binary, too large.
  package var rejectedMessages = 0
  /// Connections the server closed because they kept sending refused messages, sent one over the
  /// size cap, or broke the WebSocket protocol.
  package var connectionsClosedForAbuse = 0
  /// Connections dropped because their page stopped reading while
  /// ``DevToolsServer/Configuration/maximumPendingMessages`` messages waited.
  package var connectionsDroppedForSlowness = 0

  package init() {}
}
#endif
