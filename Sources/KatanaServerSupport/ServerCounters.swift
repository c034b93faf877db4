import KatanaSupport

/// The connection accounting both of the package's servers share: sockets open against the
/// budget, WebSocket slots against their cap, and every refusal the gate and the access policy
/// make. Each server's statistics read a ``Snapshot`` of it.
///
/// Threading: any thread; one lock.
package final class ServerCounters: Sendable {
  /// What the server refused and held so far.
  package struct Snapshot: Hashable, Sendable {
    /// TCP connections open now (page loads, WebSockets, half-sent requests).
    package var openSockets = 0
    /// TCP connections closed at once because ``ServerLimits/maximumOpenSockets`` were open.
    package var refusedForSocketBudget = 0
    /// WebSocket connections open now.
    package var openConnections = 0
    /// WebSocket connections accepted since the server started.
    package var acceptedConnections = 0
    /// Upgrades refused with 503 because the WebSocket cap was reached.
    package var refusedForCapacity = 0
    /// Requests refused with 403 because their `Host` is not one of the server's names.
    package var refusedForHost = 0
    /// Requests refused with 403 because their token was missing or wrong.
    package var refusedForToken = 0
    /// Upgrades refused with 403 because their `Origin` is not the served origin.
    package var refusedForOrigin = 0
    /// Requests refused before being read whole: head over the byte or header-count cap (431),
    /// or announcing a body (413).
    package var refusedForRequestLimits = 0
    /// Connections closed because a request was not complete within the deadline (408).
    package var requestsTimedOut = 0
    /// WebSockets closed because they stayed silent past the idle timeout (1001).
    package var webSocketsTimedOut = 0
    /// WebSockets closed by the gate for a frame over the message cap (1009) or against RFC 6455
    /// (1002), before its payload was read.
    package var framesRefused = 0
    /// The most payload bytes forwarded for one WebSocket message: never above the cap.
    package var largestMessageForwarded = 0

    package init() {}
  }

  private let state = LockedValue(Snapshot())

  package init() {}

  /// A copy of the counters.
  package var snapshot: Snapshot { state.withLock { $0 } }

  /// Counts one event.
  package func count(_ change: (inout Snapshot) -> Void) {
    state.withLock { change(&$0) }
  }

  /// Takes a socket from the budget, or counts a refusal and returns `false` when `limit` are
  /// open.
  package func openSocket(limit: Int) -> Bool {
    state.withLock { counters in
      guard counters.openSockets < limit else {
        counters.refusedForSocketBudget += 1
        return false
      }
      counters.openSockets += 1
      return true
    }
  }

  /// Gives a socket back to the budget.
  package func closeSocket() {
    state.withLock { $0.openSockets -= 1 }
  }

  /// Takes a WebSocket slot, or counts a refusal and returns `nil` when `limit` are open.
  package func reserveConnection(limit: Int) -> ConnectionSlot? {
    let reserved = state.withLock { counters -> Bool in
      guard counters.openConnections < limit else {
        counters.refusedForCapacity += 1
        return false
      }
      counters.openConnections += 1
      counters.acceptedConnections += 1
      return true
    }
    guard reserved else { return nil }
    return ConnectionSlot { [state] in state.withLock { $0.openConnections -= 1 } }
  }
}
