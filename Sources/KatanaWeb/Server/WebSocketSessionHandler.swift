import Foundation
import KatanaServerSupport
import KatanaSupport
import KatanaUI

/// The session of one WebSocket connection of a ``WebServer``, as the server skeleton's socket
/// loop sees it: makes the page's ``WebSession`` on the main actor, hands it each message in
/// order, and writes its batches to the connection's bounded output (a page that stops reading
/// while more than ``WebServer/Configuration/maximumPendingMessages`` batches wait is
/// disconnected: it would be out of sync anyway, since a batch cannot be skipped).
struct WebSocketSessionHandler: SocketSession {
  let session: WebSession

  /// Makes the session of a new connection, writing to `output`.
  static func open(context: WebServerContext, output: SocketOutput) async -> WebSocketSessionHandler {
    let session = await MainActor.run {
      WebSession(
        configuration: context.configuration,
        makeRenderer: context.makeRenderer,
        onRejection: { _ in context.statistics.withLock { $0.rejectedMessages += 1 } },
        output: { bytes in output.send(bytes) }
      )
    }
    return WebSocketSessionHandler(session: session)
  }

  func receive(_ message: SocketMessage) async -> SocketMessageOutcome {
    switch message {
    case .text(let data): await session.receive(data)
    case .binary(let count): await session.receiveBinary(byteCount: count)
    case .oversized(let count): await session.receiveOversized(byteCount: count)
    }
  }

  func end() async {
    await session.end()
  }
}
