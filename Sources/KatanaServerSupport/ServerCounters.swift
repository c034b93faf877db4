import KatanaSupport

/// The connection accounting both of the package's servers share: sockets open against the
/// budget, WebSocket slots against their cap, and every refusal the connection guard, the
/// access policy and the WebSocket loop make. Each server's statistics read a ``Snapshot`` of it.
///
/// Threading: any thread; one lock. Waiting for a condition on the counters (``wait(until:for:)``)
/// is event-driven: a waiter is checked after each change.
package final class ServerCounters: Sendable {
  /// What the server refused and held so far.
  package struct Snapshot: Hashable, Sendable {
    /// TCP connections open now (page loads, WebSockets, half-sent requests).
    package var openSockets = 0
    /// TCP connections closed at once (503) because ``ServerLimits/maximumOpenSockets`` were
    /// open, every one of them busy (answering a request, or a WebSocket).
    package var refusedForSocketBudget = 0
    /// Connections still waiting for their request head, closed to make room for a new one when
    /// the socket budget was full.
    package var evictedForHeads = 0
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
    /// WebSockets closed for a frame or message over the message cap (1009, on the frame's header,
    /// before its payload is read) or against RFC 6455 (1002).
    package var framesRefused = 0
    /// The largest WebSocket message handed to a session, in bytes: never above the cap.
    package var largestMessageForwarded = 0

    package init() {}
  }

  private let state = WaitableValue(Snapshot())

  package init() {}

  /// A copy of the counters.
  package var snapshot: Snapshot { state.value }

  /// Suspends until `condition` holds for the counters, or until `deadline`: for a test that must
  /// know the server has seen a hang-up (a socket and a WebSocket slot given back) before it
  /// goes on, without polling.
  ///
  /// - Parameters:
  ///   - deadline: when to give up.
  ///   - condition: checked under the lock, now and after each change; keep it cheap.
  /// - Returns: whether the condition came to hold; `false` if the deadline passed first.
  package func wait(
    until deadline: ContinuousClock.Instant, for condition: @escaping @Sendable (Snapshot) -> Bool
  ) async -> Bool {
    await state.wait(until: deadline, for: condition)
  }

  /// Counts one event.
  package func count(_ change: (inout Snapshot) -> Void) {
    state.withLock { change(&$0) }
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
