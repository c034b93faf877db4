import Foundation
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// The one WebSocket loop of both servers: reads the client's data frames (Hummingbird answers
/// its pings and close), assembles them into messages under the cap (``MessageAssembler``), hands
/// them to the ``SocketSession`` in order, writes the session's messages back through a bounded
/// queue, pings the client every ``ServerLimits/pingInterval`` and closes it (1001) after
/// ``ServerLimits/webSocketIdleTimeout`` without a byte from it, and closes it with 1001 when the
/// server shuts down.
enum SocketSessionLoop {
  /// What the loop needs besides the socket.
  struct Environment: Sendable {
    var limits: ServerLimits
    var clock: any SocketClock
    var counters: ServerCounters
    var registry: ConnectionRegistry
    var site: any ServerSite
  }

  /// Runs one connection until it closes.
  static func run(
    inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel,
    activity: ConnectionActivity, environment: Environment, slot: ConnectionSlot
  ) async {
    let site = environment.site
    let outbox = SocketOutbox(capacity: site.maximumPendingMessages) {
      site.countDroppedForSlowness()
      channel.close(promise: nil)
    }
    let session = await site.openSession(output: outbox.output)
    let closeForShutdown: @Sendable () -> Void = {
      if !outbox.close(code: 1001, reason: "server shutting down") { channel.close(promise: nil) }
    }
    let sessionKey = environment.registry.addSession(closeForShutdown: closeForShutdown)
    if sessionKey == nil { closeForShutdown() }
    let writer = Task {
      for await frame in outbox.frames {
        do {
          switch frame {
          case .text(let bytes):
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: bytes))))
          case .ping:
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer())))
          case .close(let code, let reason):
            try await outbound.close(WebSocketErrorCode(codeNumber: Int(code)), reason: reason)
            // Nothing the client sends now matters: the reading below ends.
            channel.close(mode: .input, promise: nil)
            return
          }
        } catch {
          return
        }
      }
    }
    let pinger = Task { await ping(activity: activity, environment: environment, outbox: outbox, channel: channel) }
    await read(inbound, session: session, environment: environment, outbox: outbox, channel: channel)
    pinger.cancel()
    outbox.finish()
    await writer.value
    // The slot is free before the session hears of the end (and before the socket is closed).
    slot.release()
    await session.end()
    if let sessionKey { environment.registry.removeSession(sessionKey) }
  }

  /// Pings every interval; asks for a close once the client was silent for the idle timeout.
  private static func ping(
    activity: ConnectionActivity, environment: Environment, outbox: SocketOutbox, channel: any Channel
  ) async {
    let interval = environment.limits.pingInterval
    var lastHeard = activity.count
    // Intervals without a byte from the client; the idle timeout is three of them.
    var silentIntervals = 0
    while true {
      do {
        try await environment.clock.sleep(for: interval)
      } catch {
        return
      }
      let heard = activity.count
      if heard != lastHeard {
        lastHeard = heard
        silentIntervals = 0
      } else {
        silentIntervals += 1
      }
      if silentIntervals >= 3 {
        environment.counters.count { $0.webSocketsTimedOut += 1 }
        if !outbox.close(code: 1001, reason: "idle timeout") { channel.close(promise: nil) }
        return
      }
      outbox.ping()
    }
  }

  /// Reads messages until the client leaves, a frame is refused, or the session asks to close.
  private static func read(
    _ inbound: WebSocketInboundStream, session: any SocketSession, environment: Environment,
    outbox: SocketOutbox, channel: any Channel
  ) async {
    var assembler = MessageAssembler(limit: environment.limits.maximumMessageBytes)
    var frames = inbound.makeAsyncIterator()
    let counters = environment.counters
    do {
      while let frame = try await frames.next() {
        let kind: MessageAssembler.FrameKind =
          switch frame.opcode {
          case .text: .text
          case .binary: .binary
          case .continuation: .continuation
          }
        let outcome: SocketMessageOutcome
        switch frame.data.withUnsafeReadableBytes({ assembler.append(kind, payload: $0, fin: frame.fin) }) {
        case .incomplete:
          continue
        case .message(let data, let isText):
          counters.count { $0.largestMessageForwarded = max($0.largestMessageForwarded, data.count) }
          outcome = await session.receive(isText ? .text(data) : .binary(byteCount: data.count))
        case .tooLarge(let bytes):
          counters.count { $0.framesRefused += 1 }
          outcome = await session.receive(.oversized(byteCount: bytes))
        case .invalidText:
          outcome = .close(code: 1007, reason: "text message is not UTF-8")
        case .protocolError:
          counters.count { $0.framesRefused += 1 }
          outcome = .close(code: 1002, reason: "protocol error")
        }
        if case .close(let code, let reason) = outcome {
          environment.site.countClosedForAbuse()
          if !outbox.close(code: code, reason: reason) { channel.close(promise: nil) }
          return
        }
      }
    } catch {
      // The connection failed: it is over.
    }
  }
}
