// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
import Foundation
package import KatanaServerSupport
import KatanaSupport

/// The loopback server behind DevTools: the page, its script and styles, and a WebSocket per open
/// page that streams the recorder's items and runs the page's commands on it.
///
/// ```swift
/// let server = DevToolsServer(configuration: .init(), source: recorder)
/// let url = try await server.start()   // http://127.0.0.1:PORT/?token=…
/// // … later
/// await server.stop()
/// ```
///
/// Security: it binds loopback unless configured otherwise; every path (page, script, styles,
/// socket, and unknown ones) needs an allowed `Host` and the token (403 otherwise, compared in
/// constant time) and so does every command; the limits of ``Configuration/limits`` hold while
/// reading;
/// WebSocket upgrades must come from the page's origin (403) and are capped at
/// ``Configuration/maximumConnections`` (503); messages are capped at
/// ``Configuration/maximumMessageBytes``; malformed or unknown commands are answered with an
/// `error` the page shows, counted, and a connection that keeps sending them is closed. Any other
/// path is 404 and nothing is read from disk. The protocol is described on ``DevToolsProtocol``.
///
/// Threading: an actor; the source is called from the connections' tasks, concurrently.
package actor DevToolsServer {
  /// The configuration the server was created with (its ``Configuration/token`` included).
  package nonisolated let configuration: Configuration
  private let context: DevToolsServerContext
  private var server: ListeningServer?

  /// A server for `source`; nothing listens before ``start()``.
  ///
  /// - Parameter clock: what the pages' WebSockets' pings and idle timeout wait on (tests step
  ///   it by hand).
  package init(
    configuration: Configuration = Configuration(), source: any DevToolsSource,
    clock: any SocketClock = SystemSocketClock()
  ) {
    self.configuration = configuration
    context = DevToolsServerContext(configuration: configuration, source: source, clock: clock)
  }

  /// Binds, starts accepting connections, and returns the page's URL with its token,
  /// `http://127.0.0.1:PORT/?token=TOKEN` (the host as configured; `127.0.0.1` for `localhost`
  /// or a wildcard).
  ///
  /// - Throws: ``DevToolsServerError``: the token or the host is invalid, the port cannot be
  ///   bound, or the server already runs.
  package func start() async throws(DevToolsServerError) -> String {
    guard server == nil else { throw .alreadyStarted }
    guard DevToolsToken.isWellFormed(configuration.token) else { throw .invalidToken }
    let server: ListeningServer
    do {
      server = try ListeningServer(
        host: configuration.host, port: configuration.port, limits: configuration.limits, policy: context.policy,
        counters: context.counters, clock: context.clock, site: DevToolsRequestHandler(context: context))
    } catch {
      throw DevToolsServerError(error, host: configuration.host, port: configuration.port)
    }
    self.server = server
    let port: UInt16
    do {
      port = try await server.waitUntilListening()
    } catch {
      self.server = nil
      throw DevToolsServerError(error, host: configuration.host, port: configuration.port)
    }
    context.setPort(port)
    return "http://\(ServerAddress.displayHost(configuration.host)):\(port)/?token=\(configuration.token)"
  }

  /// The port listened on, once ``start()`` returned.
  package nonisolated var port: UInt16? { context.listeningPort }

  /// A snapshot of what the server served and refused.
  package nonisolated var statistics: DevToolsServerStatistics {
    context.snapshot
  }

  /// The connection and refusal counters behind ``statistics``, for a test to wait on (a socket
  /// given back after a hang-up, say) without polling.
  package nonisolated var connectionCounters: ServerCounters { context.counters }

  /// Shuts down gracefully: stops accepting, closes every page's WebSocket with 1001 (their
  /// change streams end), lets requests in flight finish, and closes whatever is still open after
  /// about 1.5 s. Safe to call more than once.
  package func stop() async {
    guard let server else { return }
    self.server = nil
    await server.stop()
  }
}
#endif
