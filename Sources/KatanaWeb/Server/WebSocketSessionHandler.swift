import FlyingFox
import KatanaServerSupport
import KatanaSupport
import Foundation
import KatanaUI

/// Runs one WebSocket connection at the frame level: makes its ``WebSession`` on the main actor,
/// assembles the client's frames into messages (refusing any message over the size cap as soon as
/// its frames pass it), answers pings and close frames, feeds messages to the session in order,
/// and streams the session's batches back.
///
/// The outgoing stream is the only buffer between the renderer and the socket, and it is bounded:
/// a page that stops reading while more than ``WebServer/Configuration/maximumPendingMessages``
/// batches wait is disconnected (it would be out of sync anyway, since a batch cannot be skipped).
struct WebSocketSessionHandler: WSHandler {
  let context: WebServerContext
  let slot: ConnectionSlot

  func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
    let context = context
    let (frames, continuation) = AsyncStream.makeStream(
      of: WSFrame.self, bufferingPolicy: .bufferingOldest(context.configuration.maximumPendingMessages))
    let session = await MainActor.run {
      WebSession(
        configuration: context.configuration,
        makeRenderer: context.makeRenderer,
        onRejection: { _ in context.statistics.withLock { $0.rejectedMessages += 1 } },
        output: { bytes in
          let frame = WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(bytes))
          if case .dropped = continuation.yield(frame) {
            context.statistics.withLock { $0.connectionsDroppedForSlowness += 1 }
            continuation.finish()
          }
        }
      )
    }
    let slot = slot
    let limit = context.configuration.maximumMessageBytes
    Task {
      defer { slot.release() }
      await SocketMessageLoop.run(
        client, limit: limit, pingInterval: context.configuration.limits.pingInterval, output: continuation,
        onClosedForAbuse: { context.statistics.withLock { $0.connectionsClosedForAbuse += 1 } }
      ) { message in
        switch message {
        case .text(let data): await session.receive(data)
        case .binary(let count): await session.receiveBinary(byteCount: count)
        case .oversized(let count): await session.receiveOversized(byteCount: count)
        }
      }
      await session.end()
      continuation.finish()
    }
    return frames
  }
}
