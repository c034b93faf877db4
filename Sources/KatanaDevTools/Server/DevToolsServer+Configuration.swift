// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
package import KatanaServerSupport

extension DevToolsServer {
  /// Where a ``DevToolsServer`` listens, the token it requires, and what it accepts.
  package struct Configuration: Hashable, Sendable {
    /// The address to bind: loopback (`127.0.0.1`) by default, so only this machine can connect.
    /// `localhost` means `127.0.0.1`; `0.0.0.0` or `::` opens DevTools to the network (the token
    /// is still required, but it travels in clear text).
    package var host: String
    /// The port; 0 (the default) picks any free port.
    package var port: UInt16
    /// The secret every request and command must carry: 16 to 256 characters among `A-Z a-z 0-9
    /// - _` (it is put in URLs as is). The default is 128 random bits, in hex.
    package var token: String
    /// WebSocket connections open at once (pages, tabs); the next upgrade is refused with 503.
    package var maximumConnections: Int
    /// The largest message a page may send, in bytes; a larger one closes its connection (1009).
    ///
    /// 8 MiB by default, far above what any other command needs, because `import` carries a whole
    /// exported session (the initial state plus the journal of every recorded updater) in one
    /// message; a smaller cap would make sessions of large states impossible to replay.
    package var maximumMessageBytes: Int
    /// Refused commands (malformed, unknown, without the token) a connection may send before the
    /// server closes it (1008). Commands the recorder refuses (an unknown item) do not count.
    package var maximumRejectedMessages: Int
    /// Messages that may wait for a page that does not read; one more drops the connection.
    package var maximumPendingMessages: Int
    /// Origins accepted besides the served ones (`http://127.0.0.1:PORT`, `http://localhost:PORT`,
    /// `http://[::1]:PORT` and those of ``allowedHosts``), written like `http://example.local:8080`.
    package var additionalOrigins: Set<String>
    /// Host names accepted in `Host` besides the loopback names and the server's own addresses.
    package var allowedHosts: Set<String>
    /// The limits enforced while reading; its message cap is ``maximumMessageBytes``.
    package var limits: ServerLimits

    /// A configuration; every parameter has the safe default described on its property.
    package init(
      host: String = "127.0.0.1",
      port: UInt16 = 0,
      token: String = DevToolsToken.random(),
      maximumConnections: Int = 8,
      maximumMessageBytes: Int = 8 * 1024 * 1024,
      maximumRejectedMessages: Int = 16,
      maximumPendingMessages: Int = 256,
      additionalOrigins: Set<String> = [],
      allowedHosts: Set<String> = [],
      limits: ServerLimits = ServerLimits(maximumOpenSockets: 64)
    ) {
      self.host = host
      self.port = port
      self.token = token
      self.maximumConnections = max(1, maximumConnections)
      self.maximumMessageBytes = max(1024, maximumMessageBytes)
      self.maximumRejectedMessages = max(1, maximumRejectedMessages)
      self.maximumPendingMessages = max(1, maximumPendingMessages)
      self.additionalOrigins = additionalOrigins
      self.allowedHosts = allowedHosts
      self.limits = limits
      self.limits.maximumMessageBytes = self.maximumMessageBytes
    }
  }
}
#endif
