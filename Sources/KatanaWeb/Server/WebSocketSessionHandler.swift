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
      var assembler = MessageAssembler(limit: limit)
      do {
        loop: for try await frame in client {
          let outcome: WebSession.Outcome
          switch frame.opcode {
          case .ping:
            continuation.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload.prefix(125)))
            continue loop
          case .pong:
            continue loop
          case .close:
            continuation.yield(.close(code: .normalClosure))
            break loop
          default:
            switch assembler.append(frame) {
            case .incomplete: continue loop
            case .message(let data, isText: true): outcome = await session.receive(data)
            case .message(let data, isText: false): outcome = await session.receiveBinary(byteCount: data.count)
            case .tooLarge(let bytes): outcome = await session.receiveOversized(byteCount: bytes)
            case .protocolError: outcome = .close(code: 1002, reason: "protocol error")
            }
          }
          if case .close(let code, let reason) = outcome {
            context.statistics.withLock { $0.connectionsClosedForAbuse += 1 }
            continuation.yield(.close(code: WSCloseCode(code, reason: reason)))
            break loop
          }
        }
      } catch {
        // The socket failed or the frames were not WebSocket frames: the connection is over.
      }
      await session.end()
      continuation.finish()
    }
    return frames
  }
}
