package import FlyingFox
import FlyingSocks
import Foundation

/// A server of the package (KatanaWeb's, DevTools'), bound and running: FlyingFox answering
/// requests on a private Unix socket, behind a ``ConnectionGate`` on the public address that
/// enforces ``ServerLimits`` while reading. Made synchronously, so that the owning actor can
/// record it before its first suspension, then awaited until it listens.
///
/// Both servers start, fail and stop through it, so they report the same errors the same way.
package final class ListeningServer: Sendable {
  /// Why a server could not start.
  package enum StartFailure: Error, Hashable, Sendable {
    /// The host is not an IP address nor `localhost`.
    case invalidHost
    /// Binding or listening failed (the port is taken, say), for `reason`.
    case cannotListen(reason: String)
  }

  private let server: HTTPServer
  private let serverTask: Task<Void, any Error>
  private let gateTask: Task<Void, Never>
  private let gate: ConnectionGate
  private let directory: URL

  /// Binds `host:port`, and starts the gate and FlyingFox (with `handler`).
  ///
  /// - Throws: ``StartFailure``.
  package init(
    host: String, port: UInt16, limits: ServerLimits, counters: ServerCounters, handler: some HTTPHandler
  ) throws(StartFailure) {
    let address: any SocketAddress
    do {
      address = try ServerAddress.socketAddress(host: host, port: port)
    } catch {
      throw .invalidHost
    }
    // A directory only this user can enter holds FlyingFox's socket: other users cannot reach
    // FlyingFox around the gate.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("katana-\(AccessToken.random().prefix(12))")
    let upstream: sockaddr_un
    let gate: ConnectionGate
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      upstream = sockaddr_un.unix(path: directory.appendingPathComponent("s").path)
      gate = try ConnectionGate(address: address, upstream: upstream, limits: limits, counters: counters)
    } catch {
      try? FileManager.default.removeItem(at: directory)
      throw .cannotListen(reason: "\(error)")
    }
    let server = HTTPServer(config: HTTPServer.Configuration(address: upstream, logger: .disabled), handler: handler)
    self.server = server
    self.gate = gate
    self.directory = directory
    serverTask = Task { try await server.run() }
    gateTask = Task { await gate.run() }
  }

  /// Waits until FlyingFox listens and returns the public port (the one picked, for port 0).
  ///
  /// - Throws: ``StartFailure/cannotListen(reason:)``, after stopping.
  package func waitUntilListening() async throws(StartFailure) -> UInt16 {
    do {
      try await server.waitUntilListening(timeout: 10)
    } catch {
      let reason: String
      if case .failure(let runError) = await serverTask.result { reason = "\(runError)" } else { reason = "\(error)" }
      await stop()
      throw .cannotListen(reason: reason)
    }
    guard let port = gate.port else {
      await stop()
      throw .cannotListen(reason: "no port")
    }
    return port
  }

  /// Closes the listening socket and every connection.
  package func stop() async {
    gateTask.cancel()
    await gateTask.value
    await server.stop(timeout: 1)
    serverTask.cancel()
    try? FileManager.default.removeItem(at: directory)
  }
}
