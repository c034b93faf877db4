extension WebServer {
  /// Where a ``WebServer`` listens and what it accepts.
  public struct Configuration: Hashable, Sendable {
    /// The address to bind: loopback (`127.0.0.1`) by default, so only this machine can connect.
    /// `localhost` means `127.0.0.1`; `0.0.0.0` or `::` opens the server to the network.
    public var host: String
    /// The port; 0 picks any free port (read it back from ``WebServer/port``).
    public var port: UInt16
    /// WebSocket connections open at once; the next upgrade is refused with 503.
    public var maximumConnections: Int
    /// The largest client message accepted, in bytes; a larger one closes the connection (1009).
    public var maximumMessageBytes: Int
    /// Refused messages a connection may send before the server closes it (1008).
    public var maximumRejectedMessages: Int
    /// Batches that may wait for a page that does not read; one more drops the connection.
    public var maximumPendingMessages: Int
    /// Origins accepted besides the served ones (`http://127.0.0.1:PORT`, `http://localhost:PORT`
    /// and `http://HOST:PORT`), written like `http://example.local:8080`.
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
      maximumConnections: Int = 64,
      maximumMessageBytes: Int = 64 * 1024,
      maximumRejectedMessages: Int = 16,
      maximumPendingMessages: Int = 4096,
      additionalOrigins: Set<String> = [],
      title: String = "Katana",
      pixelsPerPoint: Double = 1.25
    ) {
      self.host = host
      self.port = port
      self.maximumConnections = max(1, maximumConnections)
      self.maximumMessageBytes = max(1024, maximumMessageBytes)
      self.maximumRejectedMessages = max(1, maximumRejectedMessages)
      self.maximumPendingMessages = max(1, maximumPendingMessages)
      self.additionalOrigins = additionalOrigins
      self.title = title
      self.pixelsPerPoint = pixelsPerPoint > 0 && pixelsPerPoint.isFinite ? pixelsPerPoint : 1.25
    }
  }
}
