import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with a WebSocket upgrade, with a ``ConnectionGuard`` put in
/// front of SwiftNIO's HTTP decoder on every connection.
struct GuardedChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  let upgradeChannel: HTTP1WebSocketUpgradeChannel
  let makeGuard: @Sendable () -> ConnectionGuard

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    do {
      try channel.pipeline.syncOperations.addHandler(makeGuard())
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return upgradeChannel.setup(channel: channel, logger: logger)
  }

  func handle(value: Value, logger: Logger) async {
    await upgradeChannel.handle(value: value, logger: logger)
  }
}
