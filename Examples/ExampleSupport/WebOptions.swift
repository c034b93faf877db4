public import ArgumentParser
public import Katana
public import KatanaUI
public import KatanaWeb

/// The browser flags every example takes: `--web`, `--port N`, `--host ADDRESS`, `--token VALUE`,
/// `--no-token` and `--allowed-host NAME`.
///
/// ```swift
/// @OptionGroup var web: WebOptions
/// …
/// if web.isEnabled { try await web.serve(store: store, title: "Counter") { CounterScreen(props: .init()) } }
/// ```
public struct WebOptions: ParsableArguments {
  /// Serve the app to browsers instead of drawing it in the terminal.
  @Flag(name: .customLong("web"), help: "Serve the app to browsers instead of drawing it in the terminal.")
  public var isEnabled = false

  /// The port to listen on; 0 picks any free port.
  @Option(help: "With --web: the port to listen on; 0 picks any free port.")
  public var port: UInt16 = 8080

  /// The address to bind; loopback unless the user opens the server to the network.
  @Option(help: "With --web: the address to bind (0.0.0.0 opens the server to the network).")
  public var host = "127.0.0.1"

  /// The secret the page's URL carries; a random one per run when not given.
  @Option(help: "With --web: the token the page's URL must carry (16-256 of A-Z a-z 0-9 - _); random by default.")
  public var token: String?

  /// Serve without a token (loopback only).
  @Flag(name: .customLong("no-token"), help: "With --web on loopback: serve without a token.")
  public var noToken = false

  /// Host names browsers may use to reach a server bound to another address than loopback.
  @Option(
    name: .customLong("allowed-host"),
    help: "With --web: a host name browsers may use to reach the server (repeatable); its own IPs always work.")
  public var allowedHosts: [String] = []

  /// Options with their defaults.
  public init() {}

  /// Refuses web flags without `--web` (they would otherwise be silently ignored), `--token`
  /// with `--no-token`, a malformed token, and `--no-token` off loopback.
  public func validate() throws {
    let usesWebFlags = port != 8080 || host != "127.0.0.1" || token != nil || noToken || !allowedHosts.isEmpty
    if !isEnabled && usesWebFlags {
      throw ValidationError("--port, --host, --token, --no-token and --allowed-host only apply with --web")
    }
    if noToken && token != nil { throw ValidationError("--token and --no-token cannot be used together") }
    if let error = configuration(title: "").tokenError { throw ValidationError(error.description) }
  }

  /// The server configuration these options describe.
  public func configuration(title: String) -> WebServer.Configuration {
    WebServer.Configuration(
      host: host, port: port, token: noToken ? nil : (token ?? WebServer.Configuration.randomToken()),
      allowedHosts: Set(allowedHosts), title: title)
  }

  /// Serves `root` on `store` until Ctrl-C, printing `Serving on http://…/?token=…` once.
  ///
  /// - Throws: ``KatanaWeb/WebServerError`` when the server cannot start.
  public func serve<Root: NodeDescription>(
    store: (any AnyStore)?, title: String, root: @escaping @MainActor @Sendable () -> Root
  ) async throws {
    try await WebApp.serve(store: store, configuration: configuration(title: title), root: root)
  }
}
