import HTTPTypes

/// What both servers do first with every request, plain or upgrade: check it against the
/// ``AccessPolicy``, count a refusal, and answer it with 403; refuse a body (413); and, for an
/// accepted upgrade, reserve a WebSocket slot (503 when none is free).
///
/// A value: safe to use from any thread.
package struct RequestGuard: Sendable {
  package let policy: AccessPolicy
  package let counters: ServerCounters

  package init(policy: AccessPolicy, counters: ServerCounters) {
    self.policy = policy
    self.counters = counters
  }

  /// The refusal answering `request`, counted, or `nil` when it may go on.
  ///
  /// - Parameter port: the port listened on; `nil` before the server listens.
  package func refusal(for request: ServerRequest, port: UInt16?) -> ServerAnswer? {
    if let refusal = policy.refusal(for: request, port: port, isUpgrade: request.isUpgrade) {
      counters.count { counters in
        switch refusal {
        case .host: counters.refusedForHost += 1
        case .token: counters.refusedForToken += 1
        case .origin: counters.refusedForOrigin += 1
        }
      }
      switch refusal {
      case .host: return .refusal(.forbidden, "host not allowed; start the server with --allowed-host NAME")
      case .token: return .refusal(.forbidden, "forbidden: open the URL the server printed, with its token")
      case .origin: return .refusal(.forbidden, "origin not allowed")
      }
    }
    if request.announcesBody {
      counters.count { $0.refusedForRequestLimits += 1 }
      return .refusal(.contentTooLarge, "request bodies are not accepted")
    }
    return nil
  }

  /// Reserves one of `limit` WebSocket slots for an accepted upgrade, or returns the 503 (counted).
  package func reserveSlot(limit: Int) -> Result<ConnectionSlot, Refused> {
    guard let slot = counters.reserveConnection(limit: limit) else {
      return .failure(Refused(answer: .refusal(.serviceUnavailable, "too many connections")))
    }
    return .success(slot)
  }

  /// A refusal as an error value.
  package struct Refused: Error, Sendable {
    package var answer: ServerAnswer
  }
}
