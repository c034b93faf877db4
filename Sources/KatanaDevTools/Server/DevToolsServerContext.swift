// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
import Foundation
import KatanaServerSupport
import KatanaSupport

/// What every request and connection of one ``DevToolsServer`` shares: the configuration, the
/// source, the embedded files, the statistics and the port once known.
final class DevToolsServerContext: Sendable {
  let configuration: DevToolsServer.Configuration
  let source: any DevToolsSource
  /// The counters of the sessions (commands); connections are counted in ``counters``.
  let statistics = LockedValue(DevToolsServerStatistics())
  /// Connections, refusals and limits, as both servers count them.
  let counters = ServerCounters()
  /// Who may use the server.
  let policy: AccessPolicy
  /// What pings and the idle timeout of the pages' WebSockets wait on.
  let clock: any SocketClock
  let page: [UInt8]
  let script: [UInt8]
  let styles: [UInt8]
  private let port = LockedValue<UInt16?>(nil)

  init(configuration: DevToolsServer.Configuration, source: any DevToolsSource, clock: any SocketClock) {
    self.clock = clock
    self.configuration = configuration
    self.source = source
    page = Array(DevToolsPage.html(token: configuration.token, maximumMessageBytes: configuration.maximumMessageBytes).utf8)
    script = PackageResources.devtools_js
    styles = Array(DevToolsPage.styles.utf8)
    policy = AccessPolicy(
      host: configuration.host, allowedHosts: configuration.allowedHosts,
      additionalOrigins: configuration.additionalOrigins, token: configuration.token,
      ownAddresses: ServerAddress.isWildcard(configuration.host) ? ServerAddress.interfaceAddresses() : [])
  }

  func setPort(_ value: UInt16) {
    port.withLock { $0 = value }
  }

  var listeningPort: UInt16? { port.withLock { $0 } }

  func count(_ change: (inout DevToolsServerStatistics) -> Void) {
    statistics.withLock { change(&$0) }
  }

  /// The sessions' counters with the connections' and refusals'.
  var snapshot: DevToolsServerStatistics {
    var statistics = statistics.withLock { $0 }
    statistics.shared = counters.snapshot
    return statistics
  }
}
#endif
