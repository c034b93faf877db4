/// What an open WebSocket's pings and idle timeout wait on: the system's clock in a server, a
/// clock a test steps by hand so that no test of the idle timeout races the wall clock.
package protocol SocketClock: Sendable {
  /// Returns after `duration` (or when the test steps the clock); throws when cancelled.
  func sleep(for duration: Duration) async throws
}

/// The system's continuous clock.
package struct SystemSocketClock: SocketClock {
  package init() {}

  package func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}
