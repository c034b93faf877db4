import Foundation
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

  init(configuration: WebServer.Configuration, makeRenderer: @escaping @MainActor @Sendable () -> Renderer) {
    self.configuration = configuration
    self.makeRenderer = makeRenderer
    page = Array(WebPage.html(title: configuration.title, pixelsPerPoint: configuration.pixelsPerPoint).utf8)
    script = Array(WebPage.script.utf8)
  }

  func setPort(_ value: UInt16) {
    port.withLock { $0 = value }
  }

  var listeningPort: UInt16? { port.withLock { $0 } }

  /// `host:port` authorities the page may be loaded from.
  func allowedAuthorities() -> Set<String> {
    guard let port = listeningPort else { return [] }
    var hosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
    let host = configuration.host
    if !WebServer.isWildcard(host) { hosts.insert(host.contains(":") ? "[\(host)]" : host) }
    return Set(hosts.map { "\($0):\(port)" })
  }

  /// Whether a WebSocket upgrade's `Origin` is the origin the page was served from.
  ///
  /// The origin must be `http://` plus an allowed authority (or one of the configured extra
  /// origins). A server bound to every interface cannot list its own names, so there the origin
  /// must at least match the request's `Host`.
  func acceptsOrigin(_ origin: String?, host: String?) -> Bool {
    guard let origin else { return false }
    if configuration.additionalOrigins.contains(origin) { return true }
    if allowedAuthorities().contains(where: { "http://\($0)" == origin }) { return true }
    if WebServer.isWildcard(configuration.host), let host { return origin == "http://\(host)" }
    return false
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
    return reserved ? ConnectionSlot(statistics: statistics) : nil
  }
}

/// One reserved connection; released once, when its WebSocket ends (or its upgrade fails).
final class ConnectionSlot: Sendable {
  private let statistics: Locked<WebServerStatistics>
  /// Whether the slot was released, and who waits for it.
  private let state = Locked<(released: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  init(statistics: Locked<WebServerStatistics>) {
    self.statistics = statistics
  }

  func release() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
      guard !state.released else { return nil }
      state.released = true
      defer { state.waiters = [] }
      return state.waiters
    }
    guard let waiters else { return }
    statistics.withLock { $0.openConnections -= 1 }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once the connection has ended and released its slot.
  func waitUntilReleased() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        if state.released { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
