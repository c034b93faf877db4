public import ArgumentParser
public import Katana
public import KatanaUI
public import KatanaWeb

/// The browser flags every example takes: `--web`, `--port N`, `--host ADDRESS`.
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

  /// Options with their defaults.
  public init() {}

  /// Refuses `--port` or `--host` without `--web`, which would otherwise be silently ignored.
  public func validate() throws {
    if !isEnabled && (port != 8080 || host != "127.0.0.1") {
      throw ValidationError("--port and --host only apply with --web")
    }
  }

  /// The server configuration these options describe.
  public func configuration(title: String) -> WebServer.Configuration {
    WebServer.Configuration(host: host, port: port, title: title)
  }

  /// Serves `root` on `store` until Ctrl-C, printing `Serving on http://…` once.
  ///
  /// - Throws: ``KatanaWeb/WebServerError`` when the server cannot start.
  public func serve<Root: NodeDescription>(
    store: (any AnyStore)?, title: String, root: @escaping @MainActor @Sendable () -> Root
  ) async throws {
    try await WebApp.serve(store: store, configuration: configuration(title: title), root: root)
  }
}
