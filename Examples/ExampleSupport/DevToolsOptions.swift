public import ArgumentParser
public import Katana
public import KatanaDevTools
public import KatanaPersistence

/// The DevTools flags every example takes: `--devtools` and `--devtools-port N`, alone (the
/// terminal screen) or with `--web`.
///
/// ```swift
/// @OptionGroup var devToolsOptions: DevToolsOptions
/// …
/// let devTools: DevTools<CounterState>? = devToolsOptions.makeDevTools()
/// let store = Store<CounterState, AppDependencies>(devTools: devTools)
/// let url = try await devToolsOptions.start(devTools)  // prints "DevTools on http://127.0.0.1:PORT/?token=…"
/// ```
public struct DevToolsOptions: ParsableArguments {
  /// Attach DevTools to the app's store and serve its page on loopback.
  @Flag(name: .customLong("devtools"), help: "Record every dispatched item and serve the DevTools page on loopback.")
  public var isEnabled = false

  /// The DevTools server's port; 0 picks any free port.
  @Option(name: .customLong("devtools-port"), help: "With --devtools: the port of the DevTools page; 0 picks any free port.")
  public var port: UInt16 = 0

  /// Options with their defaults.
  public init() {}

  /// Refuses `--devtools-port` without `--devtools`, which would otherwise be silently ignored.
  public func validate() throws {
    if !isEnabled && port != 0 { throw ValidationError("--devtools-port only applies with --devtools") }
  }

  /// DevTools for the app's store when `--devtools` was given, else `nil`.
  ///
  /// - Parameter registry: the app's journaled updaters, so that exported sessions replay.
  public func makeDevTools<S: State & Codable>(registry: JournalRegistry<S> = JournalRegistry()) -> DevTools<S>? {
    guard isEnabled else { return nil }
    return DevTools(configuration: DevTools<S>.Configuration(port: port), registry: registry)
  }

  /// Starts `devTools`' server (printing its one line) and returns its URL; `nil` without DevTools.
  ///
  /// - Throws: what ``KatanaDevTools/DevTools/start()`` throws when the port cannot be bound.
  @discardableResult
  public func start<S>(_ devTools: DevTools<S>?) async throws -> String? {
    guard let devTools else { return nil }
    return try await devTools.start()
  }
}
