import Foundation
import HTTPTypes
import HummingbirdCore
import HummingbirdWebSocket
import KatanaSupport
import Logging
import NIOCore
import NIOPosix

/// A server of the package (KatanaWeb's, DevTools'), bound and running: Hummingbird 2 on
/// SwiftNIO, with a ``ConnectionGuard`` in front of every connection, the ``RequestGuard``'s
/// access checks on every request and upgrade, a ``ServerSite`` routing what passes, and the
/// ``SocketSessionLoop`` running each WebSocket. Made synchronously, so that the owning actor can
/// record it before its first suspension, then awaited until it listens.
///
/// Both servers start, answer, refuse, fail and stop through it, so they do all of it the same way.
///
/// Running out of file descriptors does not end the listener: when `accept` fails with `EMFILE`
/// (or `ENFILE`), SwiftNIO's accept back-off (its server bootstrap puts one on every listening
/// channel) pauses accepting for a second and tries again; the connections meanwhile wait in the
/// kernel's backlog and are served once descriptors are free (`MinesweeperServerProcessTests`).
package final class ListeningServer: Sendable {
  /// Why a server could not start.
  package enum StartFailure: Error, Hashable, Sendable {
    /// The host is not an IP address nor `localhost`.
    case invalidHost
    /// Binding or listening failed (the port is taken, say), for `reason`.
    case cannotListen(reason: String)
  }

  private let server: Server<GuardedChannel>
  private let runTask: Task<Void, Never>
  private let started: AsyncStream<Result<UInt16, StartFailure>>
  private let registry: ConnectionRegistry

  /// How long a shutdown lets requests in flight finish and WebSockets close before every
  /// connection is closed.
  package static let shutdownGrace: Duration = .milliseconds(1500)

  /// Binds `host:port` and starts serving `site` under `limits`.
  ///
  /// - Parameters:
  ///   - limits: the limits; the socket budget is capped by the descriptors the process has (its
  ///     soft limit is raised to the hard one here).
  ///   - policy: who may use the server.
  ///   - counters: where connections and refusals are counted.
  ///   - clock: what pings and the idle timeout wait on.
  /// - Throws: ``StartFailure/invalidHost``.
  package init(
    host: String, port: UInt16, limits: ServerLimits, policy: AccessPolicy, counters: ServerCounters,
    clock: any SocketClock = SystemSocketClock(), site: any ServerSite
  ) throws(StartFailure) {
    guard let bindHost = ServerAddress.bindHost(host) else { throw .invalidHost }
    var limits = limits
    limits.maximumOpenSockets = DescriptorBudget.socketBudget(configured: limits.maximumOpenSockets)
    let registry = ConnectionRegistry(budget: limits.maximumOpenSockets, counters: counters)
    let requestGuard = RequestGuard(policy: policy, counters: counters)
    let listeningPort = LockedValue<UInt16?>(nil)
    let environment = SocketSessionLoop.Environment(
      limits: limits, clock: clock, counters: counters, registry: registry, site: site)
    let frozenLimits = limits
    let upgradeChannel = HTTP1WebSocketUpgradeChannel(
      responder: { request, writer, channel in
        let request = ServerRequest(
          method: request.method.rawValue, target: request.uri.string, host: request.head.authority,
          headers: request.headers)
        let answer = Self.answer(request, port: listeningPort.withLock { $0 }, requestGuard: requestGuard, site: site)
        try await writer.write(response: answer.responseHead, body: answer.omitsBody ? .init() : .init(byteBuffer: ByteBuffer(bytes: answer.body)))
        if answer.closesConnection {
          channel.close(mode: .input, promise: nil)
        } else {
          channel.eventLoop.execute { (try? channel.pipeline.syncOperations.handler(type: ConnectionGuard.self))?.answered() }
        }
      },
      configuration: .init(
        http1: .init(
          idleTimeout: nil,
          // The guard refuses heads over the caps before SwiftNIO reads them; the parser's own
          // limits are the same, for what arrives after a first request on the same connection.
          httpDecoderConfiguration: .init(
            maxHeaderFieldSize: limits.maximumRequestHeadBytes, maxHeaderListSize: limits.maximumRequestHeadBytes,
            maxHeaderFieldCount: limits.maximumHeaderCount)),
        ws: WebSocketServerConfiguration(
          maxFrameSize: limits.maximumMessageBytes, autoPing: .disabled, closeTimeout: .seconds(1), validateUTF8: false)
      ),
      shouldUpgrade: { head, channel, _ in
        // On the connection's event loop, right after the head was read.
        let connectionGuard = try channel.pipeline.syncOperations.handler(type: ConnectionGuard.self)
        let request = ServerRequest(
          method: head.method.rawValue, target: head.path ?? "/", host: head.authority, headers: head.headerFields)
        let refusal: ServerAnswer? =
          if let refusal = requestGuard.refusal(for: request, port: listeningPort.withLock { $0 }) {
            refusal
          } else if case .answer(let answer) = site.route(request, port: listeningPort.withLock { $0 } ?? 0) {
            answer.closesConnection ? answer : .refusal(.badRequest, "not a WebSocket path")
          } else {
            nil
          }
        if let refusal {
          connectionGuard.refuse(refusal)
          return .dontUpgrade
        }
        let slot: ConnectionSlot
        switch requestGuard.reserveSlot(limit: site.maximumConnections) {
        case .success(let reserved): slot = reserved
        case .failure(let refused):
          connectionGuard.refuse(refused.answer)
          return .dontUpgrade
        }
        // Released however the connection ends, the upgrade's failure included.
        channel.closeFuture.whenComplete { _ in slot.release() }
        connectionGuard.upgraded()
        let activity = connectionGuard.activity
        return .upgrade([:]) { inbound, outbound, _ in
          await SocketSessionLoop.run(
            inbound: inbound, outbound: outbound, channel: channel, activity: activity, environment: environment,
            slot: slot)
        }
      }
    )
    let (started, startedContinuation) = AsyncStream.makeStream(of: Result<UInt16, StartFailure>.self)
    let server = Server(
      childChannelSetup: GuardedChannel(upgradeChannel: upgradeChannel) {
        ConnectionGuard(limits: frozenLimits, registry: registry, counters: counters) { site.countClosedForAbuse() }
      },
      configuration: ServerConfiguration(address: .hostname(bindHost, port: Int(port)), reuseAddress: true),
      onServerRunning: { channel in
        let bound = UInt16(channel.localAddress?.port ?? 0)
        listeningPort.withLock { $0 = bound }
        startedContinuation.yield(.success(bound))
      },
      eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
      logger: Logger(label: "katana.server", factory: { _ in SwiftLogNoOpLogHandler() })
    )
    self.server = server
    self.started = started
    self.registry = registry
    runTask = Task {
      do {
        try await server.run()
      } catch {
        startedContinuation.yield(.failure(.cannotListen(reason: "\(error)")))
      }
      startedContinuation.finish()
    }
  }

  /// What a plain request gets: a refusal, or the site's answer.
  private static func answer(
    _ request: ServerRequest, port: UInt16?, requestGuard: RequestGuard, site: any ServerSite
  ) -> ServerAnswer {
    if let refusal = requestGuard.refusal(for: request, port: port) { return refusal }
    switch site.route(request, port: port ?? 0) {
    case .answer(let answer): return answer
    case .socket: return .refusal(.upgradeRequired, "WebSocket only")
    }
  }

  /// Waits until the server listens and returns its port (the one picked, for port 0).
  ///
  /// - Throws: ``StartFailure/cannotListen(reason:)``, after stopping.
  package func waitUntilListening() async throws(StartFailure) -> UInt16 {
    var iterator = started.makeAsyncIterator()
    switch await iterator.next() {
    case .success(let port): return port
    case .failure(let failure):
      await stop()
      throw failure
    case nil:
      await stop()
      throw .cannotListen(reason: "the server stopped before listening")
    }
  }

  /// Shuts down gracefully: stops accepting, closes connections waiting for a request head,
  /// closes every WebSocket with 1001 (going away), lets requests in flight finish, and after
  /// ``shutdownGrace`` closes whatever is still open. Safe to call more than once.
  package func stop() async {
    registry.beginShutdown()
    let server = server
    let registry = registry
    let graceful = Task { try? await server.shutdownGracefully() }
    let deadline = ContinuousClock.now + Self.shutdownGrace
    // The sessions close on their own once their close frame is written.
    _ = await registry.waitUntilNoSessions(until: deadline)
    let forced = Task {
      try? await Task.sleep(until: deadline)
      registry.closeAll()
    }
    await graceful.value
    forced.cancel()
    registry.closeAll()
    await runTask.value
  }
}
