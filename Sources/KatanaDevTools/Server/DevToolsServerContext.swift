import FlyingFox
import Foundation
import KatanaServerSupport
import KatanaSupport

/// What every request and connection of one ``DevToolsServer`` shares: the configuration, the
/// source, the embedded files, the statistics and the port once known.
final class DevToolsServerContext: Sendable {
  let configuration: DevToolsServer.Configuration
  let source: any DevToolsSource
  let statistics = LockedValue(DevToolsServerStatistics())
  let page: [UInt8]
  let script: [UInt8]
  let styles: [UInt8]
  private let port = LockedValue<UInt16?>(nil)
  private let originPolicy: OriginPolicy

  init(configuration: DevToolsServer.Configuration, source: any DevToolsSource) {
    self.configuration = configuration
    self.source = source
    page = Array(DevToolsPage.html(token: configuration.token).utf8)
    script = Array(DevToolsPage.script.utf8)
    styles = Array(DevToolsPage.styles.utf8)
    originPolicy = OriginPolicy(host: configuration.host, additionalOrigins: configuration.additionalOrigins)
  }

  func setPort(_ value: UInt16) {
    port.withLock { $0 = value }
  }

  var listeningPort: UInt16? { port.withLock { $0 } }

  /// Whether a request's query carries the token: exactly one `token` item, equal to it.
  func acceptsToken(in query: [HTTPRequest.QueryItem]) -> Bool {
    let tokens = query.filter { $0.name == "token" }
    return tokens.count == 1 && DevToolsToken.matches(tokens[0].value, configuration.token)
  }

  /// Whether a WebSocket upgrade comes from the page's origin.
  func acceptsOrigin(_ origin: String?, host: String?) -> Bool {
    originPolicy.accepts(origin: origin, requestHost: host, port: listeningPort)
  }

  /// Takes a connection slot, or returns `nil` when the configured maximum are open.
  func reserveConnection() -> ConnectionSlot? {
    let limit = configuration.maximumConnections
    let reserved = statistics.withLock { statistics -> Bool in
      guard statistics.openConnections < limit else {
        statistics.refusedForCapacity += 1
        return false
      }
      statistics.openConnections += 1
      statistics.acceptedConnections += 1
      return true
    }
    guard reserved else { return nil }
    return ConnectionSlot { [statistics] in statistics.withLock { $0.openConnections -= 1 } }
  }

  func count(_ change: (inout DevToolsServerStatistics) -> Void) {
    statistics.withLock { change(&$0) }
  }
}
