import KatanaSupport
package import NIOCore

/// Every TCP connection of one server, against its socket budget: admits a new one, or, when the
/// budget is full, drops the oldest connection still waiting for its request head to make room
/// (a half-sent request holds nothing a client waits for), or refuses the new one when none is.
/// It also knows the open WebSocket sessions, which a shutdown closes with 1001.
///
/// Threading: any thread (the event loops' and the sessions' tasks); one lock.
package final class ConnectionRegistry: Sendable {
  /// Where a connection stands.
  package enum Phase: Sendable {
    /// Waiting for (or reading) a request head: the first to go when the budget is full.
    case head
    /// A request being answered, or an open WebSocket.
    case busy
  }

  /// What a new connection gets.
  package enum Admission {
    case admitted
    /// Admitted in the place of `evicted`, the oldest connection waiting for its head, which the
    /// caller closes.
    case admittedEvicting(any Channel)
    /// Refused: the budget is full of busy connections.
    case refused
  }

  private struct Entry {
    var channel: any Channel
    var phase: Phase
    var order: Int
  }

  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    var nextOrder = 0
    var sessions: [Int: @Sendable () -> Void] = [:]
    var nextSession = 0
    var shuttingDown = false
  }

  /// Waitable, so a shutdown waits for the last session to end as an event, not by polling.
  private let state = WaitableValue(State())
  private let budget: Int
  private let counters: ServerCounters

  /// - Parameters:
  ///   - budget: sockets open at once.
  ///   - counters: where open sockets and refusals are counted.
  package init(budget: Int, counters: ServerCounters) {
    self.budget = budget
    self.counters = counters
  }

  /// Admits `channel`, which starts in the ``Phase/head`` phase.
  package func admit(_ channel: any Channel) -> Admission {
    let admission = state.withLock { state -> Admission in
      if state.shuttingDown { return .refused }
      var evicted: (any Channel)?
      if state.entries.count >= budget {
        let oldest = state.entries.filter { $0.value.phase == .head }.min { $0.value.order < $1.value.order }
        guard let oldest else { return .refused }
        state.entries[oldest.key] = nil
        evicted = oldest.value.channel
      }
      state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, phase: .head, order: state.nextOrder)
      state.nextOrder += 1
      return evicted.map { .admittedEvicting($0) } ?? .admitted
    }
    counters.count { counters in
      switch admission {
      case .admitted: counters.openSockets += 1
      case .admittedEvicting: counters.evictedForHeads += 1
      case .refused: counters.refusedForSocketBudget += 1
      }
    }
    return admission
  }

  /// Records that `channel` moved to `phase`.
  package func setPhase(_ phase: Phase, of channel: any Channel) {
    state.withLock { $0.entries[ObjectIdentifier(channel)]?.phase = phase }
  }

  /// Forgets `channel` (closed); its socket goes back to the budget.
  package func remove(_ channel: any Channel) {
    let removed = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) != nil }
    if removed { counters.count { $0.openSockets -= 1 } }
  }

  /// Registers an open session's way to close with 1001; returns its key for
  /// ``removeSession(_:)``, or `nil` when the server is shutting down (the session closes at once).
  package func addSession(closeForShutdown: @escaping @Sendable () -> Void) -> Int? {
    state.withLock { state -> Int? in
      guard !state.shuttingDown else { return nil }
      defer { state.nextSession += 1 }
      state.sessions[state.nextSession] = closeForShutdown
      return state.nextSession
    }
  }

  package func removeSession(_ key: Int) {
    _ = state.withLock { $0.sessions.removeValue(forKey: key) }
  }

  /// Waits until no session is open, or until `deadline`; returns whether none is.
  package func waitUntilNoSessions(until deadline: ContinuousClock.Instant) async -> Bool {
    await state.wait(until: deadline) { $0.sessions.isEmpty }
  }

  /// Starts a shutdown: no connection is admitted any more, connections waiting for a head are
  /// closed, and every open session is asked to close with 1001. Requests being answered finish.
  package func beginShutdown() {
    let (idle, sessions) = state.withLock { state -> ([any Channel], [@Sendable () -> Void]) in
      state.shuttingDown = true
      return (state.entries.values.filter { $0.phase == .head }.map(\.channel), Array(state.sessions.values))
    }
    for channel in idle { channel.close(promise: nil) }
    for close in sessions { close() }
  }

  /// Closes every connection still open (the end of a shutdown's grace).
  package func closeAll() {
    let channels = state.withLock { $0.entries.values.map(\.channel) }
    for channel in channels { channel.close(promise: nil) }
  }
}
