package import FlyingFox

/// What both servers do first with every request: check it against the ``AccessPolicy``, count
/// a refusal, and answer it with 403; and, for an accepted upgrade, reserve a WebSocket slot
/// (503 when none is free) and perform FlyingFox's handshake.
///
/// A value: safe to use from any thread.
package struct RequestGuard: Sendable {
  package let policy: AccessPolicy
  package let counters: ServerCounters

  package init(policy: AccessPolicy, counters: ServerCounters) {
    self.policy = policy
    self.counters = counters
  }

  /// Whether `request` asks for a WebSocket.
  package static func isUpgrade(_ request: HTTPRequest) -> Bool {
    request.headers[.upgrade]?.lowercased() == "websocket"
  }

  /// The 403 answering `request`, counted, or `nil` when it may go on.
  ///
  /// - Parameter port: the port listened on; `nil` before the server listens.
  package func refusal(for request: HTTPRequest, port: UInt16?) -> HTTPResponse? {
    guard let refusal = policy.refusal(for: request, port: port, isUpgrade: Self.isUpgrade(request)) else { return nil }
    counters.count { counters in
      switch refusal {
      case .host: counters.refusedForHost += 1
      case .token: counters.refusedForToken += 1
      case .origin: counters.refusedForOrigin += 1
      }
    }
    switch refusal {
    case .host: return .plainText(.forbidden, "host not allowed; start the server with --allowed-host NAME")
    case .token: return .plainText(.forbidden, "forbidden: open the URL the server printed, with its token")
    case .origin: return .plainText(.forbidden, "origin not allowed")
    }
  }

  /// Answers an accepted upgrade: reserves one of `limit` WebSocket slots (503 when none is
  /// free), then performs the handshake with the handler `makeHandler` makes for the slot. A
  /// refused handshake (bad key or version) frees the slot and closes the connection.
  package func upgrade(
    _ request: HTTPRequest, limit: Int, makeHandler: (ConnectionSlot) -> some WSHandler
  ) async throws -> HTTPResponse {
    guard let slot = counters.reserveConnection(limit: limit) else {
      return .plainText(.serviceUnavailable, "too many connections")
    }
    let response = try await WebSocketHTTPHandler(handler: makeHandler(slot)).handleRequest(request)
    guard response.statusCode == .switchingProtocols else {
      // The session that would free the slot never opens.
      slot.release()
      return .plainText(response.statusCode, "bad WebSocket handshake")
    }
    return response
  }
}
