public import Katana
import KatanaServerSupport
import KatanaSupport
import FlyingFox
import FlyingSocks
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
/// Each WebSocket connection gets its own ``/KatanaUI/Renderer`` and ``WebBackend`` on the
/// **shared** store: UI-internal state is per page, app state is common, so two tabs show the
/// same game live.
///
/// Security: the server binds loopback unless configured otherwise, accepts WebSocket upgrades
/// only from its own origin (403 otherwise) and up to
/// ``Configuration/maximumConnections`` of them (503 beyond), caps messages at
/// ``Configuration/maximumMessageBytes``, refuses and counts any malformed message or event for
/// a node the page does not hold, closes connections that keep sending them, and answers only
/// the page (on `/` and on app paths such as `/todos/3`, see ``WebProtocol/isAppPath(_:)``) and
/// its script (404 for anything else; nothing is read from disk).
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
    self.configuration = configuration
    context = WebServerContext(configuration: configuration) {
      Renderer(rootDescription: root(), store: store)
    }
  }

  /// Binds, starts accepting connections, and returns the port listened on.
  ///
  /// - Throws: ``WebServerError`` when the host is not an address or the port cannot be bound.
  @discardableResult
  public func start() async throws(WebServerError) -> UInt16 {
    guard server == nil else { throw .alreadyStarted }
    let server: ListeningServer
    do {
      server = try ListeningServer(
        host: configuration.host, port: configuration.port, handler: WebRequestHandler(context: context))
    } catch {
      throw .invalidHost(configuration.host)
    }
    self.server = server
    let port: UInt16
    do {
      port = try await server.waitUntilListening()
    } catch {
      self.server = nil
      throw .cannotListen(host: configuration.host, port: configuration.port, reason: error.reason)
    }
    context.setPort(port)
    return port
  }

  /// The port listened on, once ``start()`` returned.
  public var port: UInt16? { context.listeningPort }

  /// The page's address, for people: `http://127.0.0.1:PORT` on loopback and on every interface.
  public var url: String? {
    guard let port = context.listeningPort else { return nil }
    return "http://\(ServerAddress.displayHost(configuration.host)):\(port)"
  }

  /// A snapshot of what the server served and refused.
  public nonisolated var statistics: WebServerStatistics {
    context.statistics.withLock { $0 }
  }

  /// Closes the listening socket and every connection; pages' renderers stop listening to the
  /// store. Safe to call more than once.
  public func stop() async {
    guard let server else { return }
    self.server = nil
    await server.stop()
  }
}
