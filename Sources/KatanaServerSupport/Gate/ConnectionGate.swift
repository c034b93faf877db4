import FlyingFox
import FlyingSocks
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The servers' public socket: accepts TCP connections within the socket budget and runs each
/// through a ``GatedConnection`` to FlyingFox, which listens on a private Unix socket.
///
/// Why a gate in front of FlyingFox rather than settings of it: FlyingFox 0.27 reads each
/// connection itself (`HTTPConnection`, `HTTPDecoder` and `WSFrameEncoder` are internal), with
/// no cap on a request head's bytes or headers, no deadline for it, and a frame decoder that
/// reads a frame's announced length into memory before any handler sees it. Its only public
/// seams are the handler (after the request or frame is in memory) and the socket pool (which
/// sees readiness, never bytes). So the gate reads the bytes first, with every limit, and
/// FlyingFox still parses requests, routes them, answers, performs the WebSocket handshake and
/// decodes and encodes frames.
///
/// Threading: any thread; ``run()`` runs until its task is cancelled.
final class ConnectionGate: Sendable {
  private let listener: Socket
  private let upstream: sockaddr_un
  private let pool: any AsyncSocketPool
  private let limits: ServerLimits
  private let counters: ServerCounters

  /// Binds and listens on `address` at once, so a taken port is reported by the initializer.
  init(address: some SocketAddress, upstream: sockaddr_un, limits: ServerLimits, counters: ServerCounters) throws {
    let socket = try Socket(domain: Int32(type(of: address).family))
    do {
      try socket.setValue(true, for: .localAddressReuse)
      #if canImport(Darwin)
        // Accepted sockets inherit it: a write to a client that left must not kill the process.
        try socket.setValue(true, for: .noSIGPIPE)
      #endif
      try socket.bind(to: address)
      try socket.listen()
    } catch {
      try? socket.close()
      throw error
    }
    listener = socket
    self.upstream = upstream
    pool = HTTPServer.defaultPool()
    self.limits = limits
    self.counters = counters
  }

  /// The port listened on.
  var port: UInt16? {
    switch try? listener.sockname() {
    case .ip4(_, let port), .ip6(_, let port): port
    default: nil
    }
  }

  /// Accepts connections until cancelled; then closes the listening socket.
  func run() async {
    defer { try? listener.close() }
    do {
      try await pool.prepare()
    } catch {
      return
    }
    let accepting: AsyncSocket
    do {
      accepting = try AsyncSocket(socket: listener, pool: pool)
    } catch {
      return
    }
    let pool = pool
    if #available(macOS 14, iOS 17, *) {
      await withDiscardingTaskGroup { group in
        group.addTask { try? await pool.run() }
        await accept(on: accepting) { connection in group.addTask(operation: connection) }
        group.cancelAll()
      }
    } else {
      // Before macOS 14 there is no discarding group: ended connections' tasks are kept until the
      // server stops, as FlyingFox itself does there.
      await withTaskGroup(of: Void.self) { group in
        group.addTask { try? await pool.run() }
        await accept(on: accepting) { connection in group.addTask(operation: connection) }
        group.cancelAll()
      }
    }
  }

  /// Accepts until cancelled, handing each connection within the budget to `spawn`.
  private func accept(on accepting: AsyncSocket, spawn: (@escaping @Sendable () async -> Void) -> Void) async {
    let (pool, counters, limits, upstream) = (pool, counters, limits, upstream)
    while !Task.isCancelled {
      let client: AsyncSocket
      do {
        client = try await accepting.accept()
      } catch {
        // Out of descriptors (EMFILE), say: the pending connection stays queued; try again
        // shortly rather than spin.
        try? await Task.sleep(for: .milliseconds(20))
        continue
      }
      guard counters.openSocket(limit: limits.maximumOpenSockets) else {
        // Refused at once: a best-effort answer that never waits for the client.
        _ = try? client.socket.write(Data(Self.busyAnswer))
        try? client.close()
        continue
      }
      spawn {
        await GatedConnection(client: client, upstreamAddress: upstream, pool: pool, limits: limits, counters: counters)
          .run()
        try? client.close()
        counters.closeSocket()
      }
    }
  }

  private static let busyAnswer = Array(
    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 17\r\nConnection: close\r\n\r\ntoo many sockets\n"
      .utf8)
}
