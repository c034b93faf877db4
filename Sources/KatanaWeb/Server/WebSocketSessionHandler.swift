import FlyingFox
import KatanaUI

/// Runs one WebSocket connection: makes its ``WebSession`` on the main actor, feeds it the
/// client's messages in order, and streams the session's messages back.
///
/// A page that stops reading cannot make the server hold its batches forever: past
/// ``maximumPendingMessages`` unsent batches the connection is dropped (the page would be out of
/// sync anyway, since a batch cannot be skipped).
struct WebSocketSessionHandler: WSMessageHandler {
  let context: WebServerContext
  let slot: ConnectionSlot

  static let maximumPendingMessages = 4096

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    let (messages, continuation) = AsyncStream.makeStream(
      of: WSMessage.self, bufferingPolicy: .bufferingOldest(Self.maximumPendingMessages))
    let context = context
    let session = await MainActor.run {
      WebSession(
        configuration: context.configuration,
        makeRenderer: context.makeRenderer,
        onRejection: { _ in context.statistics.withLock { $0.rejectedMessages += 1 } },
        output: { bytes in
          if case .dropped = continuation.yield(.text(String(decoding: bytes, as: UTF8.self))) {
            continuation.finish()
          }
        }
      )
    }
    let slot = slot
    Task {
      defer { slot.release() }
      loop: for await message in client {
        let outcome: WebSession.Outcome
        switch message {
        case .text(let text): outcome = await session.receive(text)
        case .data(let data): outcome = await session.receiveBinary(byteCount: data.count)
        case .close: break loop
        }
        if case .close(let code, let reason) = outcome {
          context.statistics.withLock { $0.connectionsClosedForAbuse += 1 }
          continuation.yield(.close(WSCloseCode(code, reason: reason)))
          break loop
        }
      }
      await session.end()
      continuation.finish()
    }
    return messages
  }
}
