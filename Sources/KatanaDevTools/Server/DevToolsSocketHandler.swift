import FlyingFox
import Foundation
import KatanaServerSupport

/// Runs one DevTools WebSocket at the frame level: sends `hello`, then a batch of new items after
/// each change signal of the source, assembles the page's frames into messages (refusing one
/// over the size cap as soon as its frames pass it), answers pings and close frames, and hands
/// messages to the ``DevToolsConnection`` in order.
///
/// The outgoing stream is bounded: a page that stops reading while
/// ``DevToolsServer/Configuration/maximumPendingMessages`` messages wait is disconnected (it
/// reconnects and gets a fresh `hello`).
struct DevToolsSocketHandler: WSHandler {
  let context: DevToolsServerContext
  let slot: ConnectionSlot

  func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
    let context = context
    let (frames, output) = AsyncStream.makeStream(
      of: WSFrame.self, bufferingPolicy: .bufferingOldest(context.configuration.maximumPendingMessages))
    let connection = DevToolsConnection(context: context) { data in
      if case .dropped = output.yield(WSFrame(fin: true, opcode: .text, mask: nil, payload: data)) {
        context.count { $0.connectionsDroppedForSlowness += 1 }
        output.finish()
      }
    }
    // Subscribed before the hello is read, so no item recorded in between is missed.
    let changes = context.source.changes()
    await connection.sendHello()
    let pusher = Task {
      for await _ in changes { await connection.pushNewItems() }
    }
    let slot = slot
    let limit = context.configuration.maximumMessageBytes
    Task {
      defer { slot.release() }
      await SocketMessageLoop.run(
        client, limit: limit, pingInterval: context.configuration.limits.pingInterval, output: output,
        onClosedForAbuse: { context.count { $0.connectionsClosedForAbuse += 1 } }
      ) { message in
        switch message {
        case .text(let data): await connection.receive(data)
        case .binary(let count): await connection.receiveBinary(byteCount: count)
        case .oversized(let count): await connection.receiveOversized(byteCount: count)
        }
      }
      // Ending the change stream tells the source this page is gone.
      pusher.cancel()
      output.finish()
    }
    return frames
  }
}
