package import FlyingFox
import FlyingSocks

/// A FlyingFox server bound and running, as KatanaWeb's and DevTools' servers start and stop
/// theirs: made (and its run task started) synchronously, so that the owning actor can record it
/// before its first suspension, then awaited until it listens.
package final class ListeningServer: Sendable {
  /// The host is not an IP address nor `localhost`.
  package struct InvalidHost: Error {}

  /// Binding or listening failed (the port is taken, say), for `reason`.
  package struct CannotListen: Error {
    package let reason: String
  }

  private let server: HTTPServer
  private let runTask: Task<Void, any Error>
  private let configuredPort: UInt16

  /// Creates the server for `handler` on `host:port` and starts running it.
  ///
  /// - Throws: ``InvalidHost``.
  package init(host: String, port: UInt16, handler: some HTTPHandler) throws(InvalidHost) {
    let address: any SocketAddress
    do {
      address = try ServerAddress.socketAddress(host: host, port: port)
    } catch {
      throw InvalidHost()
    }
    let server = HTTPServer(config: HTTPServer.Configuration(address: address, logger: .disabled), handler: handler)
    self.server = server
    configuredPort = port
    runTask = Task { try await server.run() }
  }

  /// Waits until the server listens and returns its port (the one picked, for port 0).
  ///
  /// - Throws: ``CannotListen``, after stopping the run task.
  package func waitUntilListening() async throws(CannotListen) -> UInt16 {
    do {
      try await server.waitUntilListening(timeout: 10)
    } catch {
      let reason: String
      if case .failure(let runError) = await runTask.result { reason = "\(runError)" } else { reason = "\(error)" }
      runTask.cancel()
      throw CannotListen(reason: reason)
    }
    switch await server.listeningAddress {
    case .ip4(_, let listening), .ip6(_, let listening): return listening
    default: return configuredPort
    }
  }

  /// Closes the listening socket and every connection.
  package func stop() async {
    await server.stop(timeout: 1)
    runTask.cancel()
  }
}
