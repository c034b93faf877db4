// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
import KatanaServerSupport

extension DevToolsServerError {
  /// The error for a failed start of the shared server skeleton.
  init(_ failure: ListeningServer.StartFailure, host: String, port: UInt16) {
    switch failure {
    case .invalidHost: self = .invalidHost(host)
    case .cannotListen(let reason): self = .cannotListen(host: host, port: port, reason: reason)
    }
  }
}
#endif
