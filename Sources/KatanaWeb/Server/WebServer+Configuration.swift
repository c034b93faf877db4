import KatanaServerSupport

extension WebServer {
  /// Where a ``WebServer`` listens, who may use it, and the limits it enforces while reading.
  public struct Configuration: Hashable, Sendable {
    /// The address to bind: loopback (`127.0.0.1`) by default, so only this machine can connect.
    /// `localhost` means `127.0.0.1`; `0.0.0.0` or `::` opens the server to the network.
    public var host: String
    /// The port; 0 picks any free port (read it back from ``WebServer/port``).
    public var port: UInt16
    /// The secret every request must carry (`?token=…` on the first load, then a cookie):
    /// 128 random bits by default, different on every run (pass a ``WebTokenStore``'s to keep
    /// one across restarts, so open pages reconnect); 16 to 256 characters among
    /// `A-Z a-z 0-9 - _`. `nil` serves without one, which ``WebServer/start()`` allows only on
    /// loopback.
    public var token: String?
    /// Host names accepted in `Host` (and so in `Origin`) besides the loopback names and the
    /// server's own IP addresses; needed to reach a server bound to `0.0.0.0` by name.
    public var allowedHosts: Set<String>
    /// WebSocket connections open at once; the next upgrade is refused with 503.
    public var maximumConnections: Int
    /// The largest client message accepted, in bytes; a frame announcing more closes the
    /// connection (1009) before its payload is read.
    public var maximumMessageBytes: Int
    /// Refused messages a connection may send before the server closes it (1008).
    public var maximumRejectedMessages: Int
    /// Batches that may wait for a page that does not read; one more drops the connection.
    public var maximumPendingMessages: Int
    /// The largest request line plus headers, in bytes (431 beyond).
    public var maximumRequestHeadBytes: Int
    /// The most header lines a request may have (431 beyond).
    public var maximumHeaderCount: Int
    /// How long a client has to send a complete request line and headers (408, closed after).
    public var requestDeadline: Duration
    /// How long an open WebSocket may stay silent; pages are pinged every third of it and
    /// browsers answer, so only a dead or stalled client is closed (1001).
    public var webSocketIdleTimeout: Duration
    /// TCP connections open at once, of any kind; each holds one file descriptor, and the budget
    /// never exceeds what the process's descriptor limit leaves (raised to its hard limit at
    /// start). When it is full, the connection that waited longest for its request head is closed
    /// to make room; when every connection is busy, a new one is answered 503 and closed at once.
    public var maximumOpenSockets: Int
    /// Origins accepted besides the served ones (`http://127.0.0.1:PORT`, `http://localhost:PORT`
    /// and those of ``allowedHosts``), written like `http://example.local:8080`.
    public var additionalOrigins: Set<String>
    /// The page's title.
    public var title: String
    /// CSS pixels per Plastic point: 1.25 by default, so a 16-point line (one terminal row on
    /// the terminal's `fontCell` geometry) is 20 CSS pixels and holds the page's 16-pixel body
    /// text; 1.5 shows everything larger again.
    public var pixelsPerPoint: Double

    /// A configuration; every parameter has the safe default described on its property.
    public init(
      host: String = "127.0.0.1",
      port: UInt16 = 8080,
      token: String? = WebServer.Configuration.randomToken(),
      allowedHosts: Set<String> = [],
      maximumConnections: Int = 64,
      maximumMessageBytes: Int = 64 * 1024,
      maximumRejectedMessages: Int = 16,
      maximumPendingMessages: Int = 4096,
      maximumRequestHeadBytes: Int = 16 * 1024,
      maximumHeaderCount: Int = 100,
      requestDeadline: Duration = .seconds(10),
      webSocketIdleTimeout: Duration = .seconds(60),
      maximumOpenSockets: Int = 1024,
      additionalOrigins: Set<String> = [],
      title: String = "Katana",
      pixelsPerPoint: Double = 1.25
    ) {
      self.host = host
      self.port = port
      self.token = token
      self.allowedHosts = allowedHosts
      self.maximumConnections = max(1, maximumConnections)
      self.maximumMessageBytes = max(1024, maximumMessageBytes)
      self.maximumRejectedMessages = max(1, maximumRejectedMessages)
      self.maximumPendingMessages = max(1, maximumPendingMessages)
      self.maximumRequestHeadBytes = maximumRequestHeadBytes
      self.maximumHeaderCount = maximumHeaderCount
      self.requestDeadline = requestDeadline
      self.webSocketIdleTimeout = webSocketIdleTimeout
      self.maximumOpenSockets = maximumOpenSockets
      self.additionalOrigins = additionalOrigins
      self.title = title
      self.pixelsPerPoint = pixelsPerPoint > 0 && pixelsPerPoint.isFinite ? pixelsPerPoint : 1.25
    }

    /// A fresh token: 128 bits from the system's cryptographic generator, as 32 hex digits.
    public static func randomToken() -> String { AccessToken.random() }

    /// What ``WebServer/start()`` would refuse about the token: ``WebServerError/invalidToken``
    /// for a malformed one, ``WebServerError/tokenRequired(host:)`` for none off loopback;
    /// `nil` when it is fine.
    public var tokenError: WebServerError? {
      if let token { return AccessToken.isWellFormed(token) ? nil : .invalidToken }
      return AccessPolicy.isLoopback(host) ? nil : .tokenRequired(host: host)
    }

    /// The limits the server skeleton enforces while reading (clamped to workable minimums).
    var limits: ServerLimits {
      ServerLimits(
        maximumRequestHeadBytes: maximumRequestHeadBytes, maximumHeaderCount: maximumHeaderCount,
        requestDeadline: requestDeadline, webSocketIdleTimeout: webSocketIdleTimeout,
        maximumOpenSockets: maximumOpenSockets, maximumMessageBytes: maximumMessageBytes)
    }
  }
}
