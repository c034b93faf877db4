public import ArgumentParser
public import Katana
public import KatanaUI
public import KatanaWeb
import Foundation

/// The browser flags every example takes: `--web`, `--port N`, `--host ADDRESS`, `--token VALUE`,
/// `--new-token`, `--no-token` and `--allowed-host NAME`.
///
/// Without `--token` or `--no-token` the server's token is kept across restarts in the user's state
/// directory (``KatanaWeb/WebTokenStore``), so open pages reconnect to a restarted server by
/// themselves; `--new-token` replaces it (pages opened before must then open the new link).
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

  /// The secret the page's URL carries; when not given, the one kept for the app (made on the
  /// first run).
  @Option(
    help: "With --web: the token the page's URL must carry (16-256 of A-Z a-z 0-9 - _); by default a random one kept across restarts.")
  public var token: String?

  /// Replace the kept token with a new random one (the old link stops working).
  @Flag(name: .customLong("new-token"), help: "With --web: replace the kept token with a new random one; the old link stops working.")
  public var newToken = false

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
    let usesWebFlags =
      port != 8080 || host != "127.0.0.1" || token != nil || newToken || noToken || !allowedHosts.isEmpty
    if !isEnabled && usesWebFlags {
      throw ValidationError("--port, --host, --token, --new-token, --no-token and --allowed-host only apply with --web")
    }
    if noToken && token != nil { throw ValidationError("--token and --no-token cannot be used together") }
    if newToken && (token != nil || noToken) {
      throw ValidationError("--new-token makes a token: it cannot be used with --token or --no-token")
    }
    if let error = configuration(title: "").tokenError { throw ValidationError(error.description) }
  }

  /// The server configuration these options describe.
  ///
  /// The token is `--token`'s, none with `--no-token`, else the one `tokenStore` keeps (a new one
  /// with `--new-token`). Without a store, or when the store fails, it is random for this run
  /// only, and `report` is told why.
  ///
  /// - Parameters:
  ///   - title: the page's title.
  ///   - tokenStore: where the token is kept across restarts; `nil` for a token per run.
  ///   - report: called with each sentence for the user: a token made or replaced, a file that
  ///     could not be used, a store that failed.
  public func configuration(
    title: String, tokenStore: WebTokenStore? = nil, report: (String) -> Void = { _ in }
  ) -> WebServer.Configuration {
    WebServer.Configuration(
      host: host, port: port, token: noToken ? nil : (token ?? keptToken(in: tokenStore, report: report)),
      allowedHosts: Set(allowedHosts), title: title)
  }

  private func keptToken(in store: WebTokenStore?, report: (String) -> Void) -> String {
    guard let store else { return WebServer.Configuration.randomToken() }
    do {
      let outcome = try store.token(renewing: newToken)
      if let message = outcome.message(filePath: store.filePath) { report(message) }
      return outcome.token
    } catch {
      report("\(error.description); this run uses a token of its own, so a restart needs the new link.")
      return WebServer.Configuration.randomToken()
    }
  }

  /// Serves `root` on `store` until Ctrl-C, printing `Serving on http://…/?token=…` once to
  /// standard output; what happened to the kept token (made, replaced, unusable) goes to standard
  /// error.
  ///
  /// - Parameters:
  ///   - store: the store every page shares.
  ///   - title: the page's title.
  ///   - appName: names the folder the token is kept in (see ``KatanaWeb/WebTokenStore``);
  ///     `title` by default.
  ///   - root: makes the root description, once per page.
  /// - Throws: ``KatanaWeb/WebServerError`` when the server cannot start.
  public func serve<Root: NodeDescription>(
    store: (any AnyStore)?, title: String, appName: String? = nil, root: @escaping @MainActor @Sendable () -> Root
  ) async throws {
    let report = { (message: String) in FileHandle.standardError.write(Data((message + "\n").utf8)) }
    var tokenStore: WebTokenStore?
    if token == nil && !noToken {
      do {
        tokenStore = try WebTokenStore(appName: appName ?? title)
      } catch {
        report("\(error.description); this run uses a token of its own, so a restart needs the new link.")
      }
    }
    let configuration = configuration(title: title, tokenStore: tokenStore, report: report)
    try await WebApp.serve(store: store, configuration: configuration, root: root)
  }
}
