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
      var assembler = MessageAssembler(limit: limit)
      do {
        loop: for try await frame in client {
          let outcome: DevToolsConnection.Outcome
          switch frame.opcode {
          case .ping:
            output.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload.prefix(125)))
            continue loop
          case .pong:
            continue loop
          case .close:
            output.yield(.close(code: .normalClosure))
            break loop
          default:
            switch assembler.append(frame) {
            case .incomplete: continue loop
            case .message(let data, isText: true): outcome = await connection.receive(data)
            case .message(let data, isText: false): outcome = await connection.receiveBinary(byteCount: data.count)
            case .tooLarge(let bytes): outcome = await connection.receiveOversized(byteCount: bytes)
            case .protocolError: outcome = .close(code: 1002, reason: "protocol error")
            }
          }
          if case .close(let code, let reason) = outcome {
            context.count { $0.connectionsClosedForAbuse += 1 }
            output.yield(.close(code: WSCloseCode(code, reason: reason)))
            break loop
          }
        }
      } catch {
        // The socket failed or the frames were not WebSocket frames: the connection is over.
      }
      // Ending the change stream tells the source this page is gone.
      pusher.cancel()
      output.finish()
    }
    return frames
  }
}
