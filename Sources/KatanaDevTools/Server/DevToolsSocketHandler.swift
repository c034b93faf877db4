// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
import Foundation
import KatanaServerSupport

/// The session of one DevTools WebSocket, as the server skeleton's socket loop sees it: sends
/// `hello`, then a batch of new items after each change signal of the source, and hands the
/// page's messages to the ``DevToolsConnection`` in order.
///
/// The output is bounded: a page that stops reading while
/// ``DevToolsServer/Configuration/maximumPendingMessages`` messages wait is disconnected (it
/// reconnects and gets a fresh `hello`).
struct DevToolsSocketHandler: SocketSession {
  let connection: DevToolsConnection
  let pusher: Task<Void, Never>

  /// Opens the session of a new connection: subscribes to the source's changes, then sends
  /// `hello`, so no item recorded in between is missed.
  static func open(context: DevToolsServerContext, output: SocketOutput) async -> DevToolsSocketHandler {
    let connection = DevToolsConnection(context: context) { data in output.send(Array(data)) }
    let changes = context.source.changes()
    await connection.sendHello()
    let pusher = Task {
      for await _ in changes { await connection.pushNewItems() }
    }
    return DevToolsSocketHandler(connection: connection, pusher: pusher)
  }

  func receive(_ message: SocketMessage) async -> SocketMessageOutcome {
    switch message {
    case .text(let data): await connection.receive(data)
    case .binary(let count): await connection.receiveBinary(byteCount: count)
    case .oversized(let count): await connection.receiveOversized(byteCount: count)
    }
  }

  func end() async {
    // Ending the change stream tells the source this page is gone.
    pusher.cancel()
  }
}
#endif
