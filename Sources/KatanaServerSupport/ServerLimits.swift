/// The limits both of the package's servers enforce while reading, before a request or a frame
/// is in memory: one value, so KatanaWeb and DevTools get every limit from one place (the
/// ``ConnectionGuard``, SwiftNIO's parsers and the ``SocketSessionLoop`` read it).
///
/// A value: safe to use from any thread.
package struct ServerLimits: Hashable, Sendable {
  /// The largest request line plus headers, in bytes (431 beyond, as soon as the bytes pass it).
  package var maximumRequestHeadBytes: Int
  /// The most header lines a request may have (431 beyond).
  package var maximumHeaderCount: Int
  /// How long a client has to send a complete request line and headers, counted from the
  /// connection's opening or the answer to its previous request (408 and closed after).
  package var requestDeadline: Duration
  /// How long an open WebSocket may stay silent; the server pings it every third of this, so a
  /// live browser always answers in time (closed with 1001 after).
  package var webSocketIdleTimeout: Duration
  /// TCP connections open at once, of any kind (page loads, WebSockets, half-sent requests); each
  /// holds one file descriptor. Never more than the process's descriptor limit allows (raised to
  /// its hard limit when a server starts). When it is full, the connection that waited longest
  /// for its request head is closed to make room; when none is waiting, the new connection gets
  /// 503 and is closed at once.
  package var maximumOpenSockets: Int
  /// The largest WebSocket message, in bytes: a frame header announcing more closes the
  /// connection with 1009 before any of its payload is read; a message whose frames add up to
  /// more is refused as soon as they pass it.
  package var maximumMessageBytes: Int

  /// Limits; every parameter has the default a dev server on a laptop needs.
  package init(
    maximumRequestHeadBytes: Int = 16 * 1024,
    maximumHeaderCount: Int = 100,
    requestDeadline: Duration = .seconds(10),
    webSocketIdleTimeout: Duration = .seconds(60),
    maximumOpenSockets: Int = 1024,
    maximumMessageBytes: Int = 64 * 1024
  ) {
    self.maximumRequestHeadBytes = max(256, maximumRequestHeadBytes)
    self.maximumHeaderCount = max(1, maximumHeaderCount)
    self.requestDeadline = max(.milliseconds(10), requestDeadline)
    self.webSocketIdleTimeout = max(.milliseconds(30), webSocketIdleTimeout)
    self.maximumOpenSockets = max(1, maximumOpenSockets)
    self.maximumMessageBytes = max(1, maximumMessageBytes)
  }

  /// How often an open WebSocket is pinged: a third of the idle timeout.
  package var pingInterval: Duration { webSocketIdleTimeout / 3 }
}
