extension DevTools {
  /// How much DevTools keeps and where its server listens.
  public struct Configuration: Sendable, Hashable {
    /// How many handled items the ring buffer keeps (at least 1); older ones are dropped and
    /// counted. Each kept updater holds two copies of the state, which share storage with the
    /// store's own as value types do.
    public var capacity: Int
    /// The address the server binds: loopback (`127.0.0.1`) by default, so only this machine
    /// can connect. Time travel changes the app's state: open it wider only on a trusted network.
    public var host: String
    /// The port; 0 (the default) picks any free port, printed with the URL.
    public var port: UInt16
    /// The secret every page, socket and command must carry; `nil` (the default) makes a random
    /// one each run.
    public var token: String?
    /// Host names a browser may use to reach a server bound to another address than loopback
    /// (the `Host` header must be a loopback name, one of the machine's IPs, or one of these).
    public var allowedHosts: Set<String>
    /// What of the state never leaves the process (diffs, state tree, export); ``DevToolsRedaction/none``
    /// by default.
    public var redaction: DevToolsRedaction
    /// Where DevTools keeps a black box of the newest items on disk, to open after a crash;
    /// `nil` (the default) writes nothing. See ``DevToolsFlightRecorder``.
    public var flightRecorder: DevToolsFlightRecorder?

    /// A configuration; every parameter has the default described on its property.
    public init(
      capacity: Int = 1_000, host: String = "127.0.0.1", port: UInt16 = 0, token: String? = nil,
      allowedHosts: Set<String> = [], redaction: DevToolsRedaction = .none,
      flightRecorder: DevToolsFlightRecorder? = nil
    ) {
      self.capacity = max(1, capacity)
      self.host = host
      self.port = port
      self.token = token
      self.allowedHosts = allowedHosts
      self.redaction = redaction
      self.flightRecorder = flightRecorder
    }
  }
}
