import FlyingSocks
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One client connection through the ``ConnectionGate``: reads the client's bytes under the
/// limits and forwards what passes to FlyingFox; copies FlyingFox's answers back.
///
/// - Request heads are held (at most ``ServerLimits/maximumRequestHeadBytes``) until complete,
///   and forwarded whole: FlyingFox never sees a half-sent or oversized head, and the connection
///   to FlyingFox is only opened for the first complete one, so a half-open client costs one
///   file descriptor, not three.
/// - After an upgrade request, the client's bytes are WebSocket frames, checked header first
///   by ``FrameScanner`` and streamed on (never held).
/// - A refusal stops forwarding, lets FlyingFox finish what it is writing (its half of the
///   connection is shut for writing, so it sees the client leave), then writes the refusal
///   (an HTTP status, or a close frame) and closes.
struct GatedConnection: Sendable {
  let client: AsyncSocket
  let upstreamAddress: sockaddr_un
  let pool: any AsyncSocketPool
  let limits: ServerLimits
  let counters: ServerCounters

  /// How long FlyingFox has to finish writing after the client's side ended.
  private static let drainGrace: Duration = .seconds(1)

  func run() async {
    var inbound = InboundReader(limits: limits, counters: counters)
    let opening = await inbound.readFirstHead(from: client)
    let head: [UInt8]
    switch opening {
    case .closed: return
    case .refused(let answer), .forwardThenRefuse(_, let answer):
      await refuse(with: answer)
      return
    case .forward(let bytes): head = bytes
    }
    let upstream: AsyncSocket
    do {
      upstream = try await AsyncSocket.connected(to: upstreamAddress, pool: pool, timeout: 5)
      try await upstream.write(Data(head))
    } catch {
      return
    }
    defer { try? upstream.close() }
    let first = await withTaskGroup(of: Event.self) { [client] group in
      group.addTask {
        await Self.copy(from: upstream, to: client)
        return .upstreamClosed
      }
      group.addTask { [inbound] in
        var inbound = inbound
        return await inbound.pump(from: client, to: upstream)
      }
      let first = await group.next() ?? .upstreamClosed
      if case .upstreamClosed = first {
        group.cancelAll()
        return first
      }
      _ = shutdown(upstream.socket.file.rawValue, Int32(SHUT_WR))
      group.addTask {
        try? await Task.sleep(for: Self.drainGrace)
        return .graceOver
      }
      _ = await group.next()
      group.cancelAll()
      return first
    }
    if case .refused(let answer) = first { await refuse(with: answer) }
  }

  /// Writes `answer` without waiting for a client that does not read, then closes politely: the
  /// client's side is shut for writing and what it still sends is read and dropped, for at most
  /// ``lingerBytes`` or ``lingerTime``, so that closing with unread data (a reset) does not
  /// destroy the answer before the client reads it.
  private func refuse(with answer: [UInt8]) async {
    _ = try? client.socket.write(Data(answer))
    _ = shutdown(client.socket.file.rawValue, Int32(SHUT_WR))
    let deadline = ContinuousClock.now + Self.lingerTime
    var dropped = 0
    while dropped < Self.lingerBytes, case .bytes(let bytes) = await InboundReader.read(client, until: deadline) {
      dropped += bytes.count
    }
  }

  private static let lingerTime: Duration = .milliseconds(500)
  private static let lingerBytes = 1024 * 1024

  enum Event: Sendable {
    case upstreamClosed
    case clientClosed
    case graceOver
    /// The client broke a limit; `answer` is written to it before closing.
    case refused(answer: [UInt8])
  }

  private static func copy(from source: AsyncSocket, to destination: AsyncSocket) async {
    do {
      while true {
        let bytes = try await source.read(atMost: 16 * 1024)
        try await destination.write(Data(bytes))
      }
    } catch {
      // Either side closed: the copy is over.
    }
  }
}
