import Foundation
import KatanaServerSupport
import KatanaSupport
import KatanaUI

/// What every request and connection of one ``WebServer`` shares: the configuration, the renderer
/// factory, the counters, the access checks and the port once known.
final class WebServerContext: Sendable {
  let configuration: WebServer.Configuration
  let makeRenderer: @MainActor @Sendable () -> PageRenderer
  /// The counters of the sessions (messages); connections are counted in ``counters``.
  let statistics = Locked(WebServerStatistics())
  /// Connections, refusals and limits, as both servers count them.
  let counters = ServerCounters()
  /// Who may use the server.
  let policy: AccessPolicy
  /// What pings and the idle timeout of the page's WebSockets wait on.
  let clock: any SocketClock
  private let port = Locked<UInt16?>(nil)
  let page: [UInt8]
  let script: [UInt8]

  init(
    configuration: WebServer.Configuration, clock: any SocketClock = SystemSocketClock(),
    makeRenderer: @escaping @MainActor @Sendable () -> PageRenderer
  ) {
    self.clock = clock
    self.configuration = configuration
    self.makeRenderer = makeRenderer
    page = Array(WebPage.html(title: configuration.title, pixelsPerPoint: configuration.pixelsPerPoint).utf8)
    script = PackageResources.katana_js
    policy = AccessPolicy(
      host: configuration.host, allowedHosts: configuration.allowedHosts,
      additionalOrigins: configuration.additionalOrigins, token: configuration.token,
      ownAddresses: ServerAddress.isWildcard(configuration.host) ? ServerAddress.interfaceAddresses() : [])
  }

  func setPort(_ value: UInt16) {
    port.withLock { $0 = value }
  }

  var listeningPort: UInt16? { port.withLock { $0 } }

  /// The sessions' counters with the connections' and refusals'.
  var snapshot: WebServerStatistics {
    var statistics = statistics.withLock { $0 }
    let shared = counters.snapshot
    statistics.openConnections = shared.openConnections
    statistics.acceptedConnections = shared.acceptedConnections
    statistics.refusedForOrigin = shared.refusedForOrigin
    statistics.refusedForCapacity = shared.refusedForCapacity
    statistics.refusedForHost = shared.refusedForHost
    statistics.refusedForToken = shared.refusedForToken
    statistics.openSockets = shared.openSockets
    statistics.refusedForSocketBudget = shared.refusedForSocketBudget
    statistics.evictedForHeads = shared.evictedForHeads
    statistics.refusedForRequestLimits = shared.refusedForRequestLimits
    statistics.requestsTimedOut = shared.requestsTimedOut
    statistics.webSocketsTimedOut = shared.webSocketsTimedOut
    statistics.framesRefused = shared.framesRefused
    statistics.largestMessageForwarded = shared.largestMessageForwarded
    return statistics
  }
}
