public import Katana
package import KatanaServerSupport
import KatanaSupport
import Foundation
public import KatanaUI

/// Serves a KatanaUI app to browsers: one page, one script, and a WebSocket per open page.
///
/// ```swift
/// let server = WebServer(store: store) { CounterScreen(props: .init()) }
/// let port = try await server.start()
/// // … later
/// await server.stop()
/// ```
///
/// Each WebSocket connection gets its own ``/KatanaUI/Renderer``, ``WebBackend`` and
/// ``/KatanaUI/SessionStore`` on the **shared** store: each page has its own screens (route
/// stack) and UI-internal state, app state is common, so two tabs show the same game live from
/// screens of their own. See the article "Sessions, reconnecting and typing on a slow link".
///
/// Security: the server binds loopback unless configured otherwise; every request and upgrade
/// needs the per-run ``Configuration/token`` and an allowed `Host` (403 otherwise), upgrades
/// need the page's own origin; limits hold while reading (request head bytes and headers, a
/// deadline, frame sizes checked on the frame header, an idle timeout, a socket budget); up to
/// ``Configuration/maximumConnections`` WebSockets (503 beyond); any malformed message or event
/// for a node the page does not hold is refused and counted, connections that keep sending them
/// are closed, and only the page (on `/` and on app paths such as `/todos/3`, see
/// ``WebProtocol/isAppPath(_:)``) and its script are answered (404 for anything else; nothing is
/// read from disk). The article "Running KatanaUI apps in a browser" lists every protection and limit.
///
/// Threading: an actor; renderers run on the main actor.
public actor WebServer {
  /// The configuration the server was created with.
  public nonisolated let configuration: Configuration
  private let context: WebServerContext
  private var server: ListeningServer?

  /// Creates a server for the description `root` makes, on `store`.
  ///
  /// - Parameters:
  ///   - configuration: host, port and limits; safe defaults.
  ///   - store: the store every page shares; `nil` for none.
  ///   - root: makes the root description, once per page, on the main actor. A root whose frame
  ///     is ``/KatanaUI/Rect/zero`` fills the page and follows its size.
  public init<Root: NodeDescription>(
    configuration: Configuration = Configuration(),
    store: (any AnyStore)?,
    root: @escaping @MainActor @Sendable () -> Root
  ) {
    self.init(configuration: configuration, store: store, clock: SystemSocketClock(), root: root)
  }

  /// A server whose WebSockets' pings and idle timeout wait on `clock` (tests step it by hand).
  package init<Root: NodeDescription>(
    configuration: Configuration = Configuration(),
    store: (any AnyStore)?,
    clock: any SocketClock,
    root: @escaping @MainActor @Sendable () -> Root
  ) {
    self.configuration = configuration
    context = WebServerContext(configuration: configuration, clock: clock) {
      PageRenderer(root: root(), sharing: store)
    }
  }

  /// Binds, starts accepting connections, and returns the port listened on.
  ///
  /// - Throws: ``WebServerError`` when the token or the host is invalid, the server would run
  ///   without a token off loopback, or the port cannot be bound.
  @discardableResult
  public func start() async throws(WebServerError) -> UInt16 {
    guard server == nil else { throw .alreadyStarted }
    if let error = configuration.tokenError { throw error }
    let server: ListeningServer
    do {
      server = try ListeningServer(
        host: configuration.host, port: configuration.port, limits: configuration.limits, policy: context.policy,
        counters: context.counters, clock: context.clock, site: WebRequestHandler(context: context))
    } catch {
      throw WebServerError(error, host: configuration.host, port: configuration.port)
    }
    self.server = server
    do {
      let port = try await server.waitUntilListening()
      context.setPort(port)
      return port
    } catch {
      self.server = nil
      throw WebServerError(error, host: configuration.host, port: configuration.port)
    }
  }

  /// The port listened on, once ``start()`` returned.
  public var port: UInt16? { context.listeningPort }

  /// The page's address, for people: `http://127.0.0.1:PORT/?token=TOKEN` on loopback and on
  /// every interface (`http://127.0.0.1:PORT` without a token).
  public var url: String? {
    guard let port = context.listeningPort else { return nil }
    let base = "http://\(ServerAddress.displayHost(configuration.host)):\(port)"
    guard let token = configuration.token else { return base }
    return "\(base)/?token=\(token)"
  }

  /// A snapshot of what the server served and refused.
  public nonisolated var statistics: WebServerStatistics {
    context.snapshot
  }

  /// The connection and refusal counters behind ``statistics``, for a test to wait on (a socket
  /// given back after a hang-up, say) without polling.
  package nonisolated var connectionCounters: ServerCounters { context.counters }

  /// Shuts down gracefully: stops accepting connections, closes every page's WebSocket with 1001
  /// (going away), lets requests in flight finish, and closes whatever is still open after about
  /// 1.5 s; pages' renderers stop listening to the store. Safe to call more than once.
  public func stop() async {
    guard let server else { return }
    self.server = nil
    await server.stop()
  }
}
