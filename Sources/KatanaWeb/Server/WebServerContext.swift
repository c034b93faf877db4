import Foundation
import KatanaServerSupport
import KatanaSupport
import KatanaUI

/// What every request and connection of one ``WebServer`` shares: the configuration, the renderer
/// factory, the statistics and the origins accepted once the port is known.
final class WebServerContext: Sendable {
  let configuration: WebServer.Configuration
  let makeRenderer: @MainActor @Sendable () -> Renderer
  let statistics = Locked(WebServerStatistics())
  private let port = Locked<UInt16?>(nil)
  let page: [UInt8]
  let script: [UInt8]
  private let originPolicy: OriginPolicy

  init(configuration: WebServer.Configuration, makeRenderer: @escaping @MainActor @Sendable () -> Renderer) {
    self.configuration = configuration
    self.makeRenderer = makeRenderer
    page = Array(WebPage.html(title: configuration.title, pixelsPerPoint: configuration.pixelsPerPoint).utf8)
    script = Array(WebPage.script.utf8)
    originPolicy = OriginPolicy(host: configuration.host, additionalOrigins: configuration.additionalOrigins)
  }

  func setPort(_ value: UInt16) {
    port.withLock { $0 = value }
  }

  var listeningPort: UInt16? { port.withLock { $0 } }

  /// Whether a WebSocket upgrade's `Origin` is the origin the page was served from (see
  /// `OriginPolicy`, which DevTools' server shares).
  func acceptsOrigin(_ origin: String?, host: String?) -> Bool {
    originPolicy.accepts(origin: origin, requestHost: host, port: listeningPort)
  }

  /// Takes a connection slot, or returns `nil` when ``WebServer/Configuration/maximumConnections``
  /// are open.
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
}
