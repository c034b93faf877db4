package import FlyingFox
package import Foundation

/// What a connection's session answers to a message: go on, or close with a WebSocket close code.
package enum SocketMessageOutcome: Equatable, Sendable {
  case keepOpen
  /// Close with a WebSocket close code and reason.
  case close(code: UInt16, reason: String)
}

/// The frame level of one WebSocket connection, the same for the package's servers: assembles the
/// client's frames into messages (refusing one over the size cap as soon as its frames pass it),
/// answers pings and close frames, and hands each message to the session in order.
package enum SocketMessageLoop {
  /// One message as the session sees it.
  package enum Message {
    case text(Data)
    case binary(byteCount: Int)
    /// Over the size cap; its bytes were not kept.
    case oversized(byteCount: Int)
  }

  /// Reads `client` until it closes, fails, or the session asks to close; returns then.
  ///
  /// - Parameters:
  ///   - limit: the largest message accepted, in bytes.
  ///   - pingInterval: how often the client is pinged, so that a live client keeps the
  ///     connection within the gate's idle timeout and a dead one is noticed.
  ///   - output: where pings, pongs and close frames go.
  ///   - onClosedForAbuse: called when the session closes the connection.
  ///   - handle: the session, for each message.
  package static func run(
    _ client: AsyncThrowingStream<WSFrame, any Error>, limit: Int, pingInterval: Duration,
    output: AsyncStream<WSFrame>.Continuation, onClosedForAbuse: () -> Void,
    handle: (Message) async -> SocketMessageOutcome
  ) async {
    let pinger = Task {
      while !Task.isCancelled {
        try await Task.sleep(for: pingInterval)
        output.yield(WSFrame(fin: true, opcode: .ping, mask: nil, payload: Data()))
      }
    }
    defer { pinger.cancel() }
    var assembler = MessageAssembler(limit: limit)
    do {
      for try await frame in client {
        let outcome: SocketMessageOutcome
        switch frame.opcode {
        case .ping:
          output.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload.prefix(125)))
          continue
        case .pong:
          continue
        case .close:
          output.yield(.close(code: .normalClosure))
          return
        default:
          switch assembler.append(frame) {
          case .incomplete: continue
          case .message(let data, isText: true): outcome = await handle(.text(data))
          case .message(let data, isText: false): outcome = await handle(.binary(byteCount: data.count))
          case .tooLarge(let bytes): outcome = await handle(.oversized(byteCount: bytes))
          case .protocolError: outcome = .close(code: 1002, reason: "protocol error")
          }
        }
        if case .close(let code, let reason) = outcome {
          onClosedForAbuse()
          output.yield(.close(code: WSCloseCode(code, reason: reason)))
          return
        }
      }
    } catch {
      // The socket failed or the frames were not WebSocket frames: the connection is over.
    }
  }
}
