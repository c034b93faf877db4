import KatanaSupport

/// How much a WebSocket's client has sent, counted by the connection guard as bytes arrive and
/// read by the session loop to tell a silent connection from a live one (a pong counts).
///
/// Threading: any thread; one lock.
package final class ConnectionActivity: Sendable {
  private let reads = LockedValue(0)

  package init() {}

  /// Counts one read from the client.
  package func heard() {
    reads.withLock { $0 &+= 1 }
  }

  /// Reads so far; compare two values to know whether the client spoke in between.
  package var count: Int { reads.withLock { $0 } }
}
