public import ArgumentParser
import Foundation
public import Katana
public import KatanaDevTools
public import KatanaPersistence

/// The DevTools flags every example takes: `--devtools` and `--devtools-port N`, alone (the
/// terminal screen) or with `--web`; `--devtools-flight-recorder FILE` keeps a black box of the
/// newest items on disk, and `--devtools-open FILE` opens one (or an exported session) after a
/// crash: it replays it into the app and serves the page.
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

  /// Where DevTools' flight recorder keeps the newest items, to open after a crash.
  @Option(
    name: .customLong("devtools-flight-recorder"),
    help: ArgumentHelp(
      "Keep the newest items (with call sites and the state to replay them) in this file, to open with --devtools-open after a crash.",
      valueName: "file"))
  public var flightRecorderPath: String?

  /// A flight recording or exported session to open in DevTools.
  @Option(
    name: .customLong("devtools-open"),
    help: ArgumentHelp(
      "Open a flight recording (or an exported session) in DevTools: replay it into the app and serve the page (implies --devtools).",
      valueName: "file"))
  public var openPath: String?

  /// Options with their defaults.
  public init() {}

  /// Whether the DevTools page is served: `--devtools`, or `--devtools-open`.
  public var servesPage: Bool { isEnabled || openPath != nil }

  /// Refuses `--devtools-port` without a page, which would otherwise be silently ignored.
  public func validate() throws {
    if !servesPage && port != 0 { throw ValidationError("--devtools-port only applies with --devtools") }
  }

  /// DevTools for the app's store when a DevTools flag was given, else `nil`.
  ///
  /// - Parameter registry: the app's journaled updaters, so that exported sessions and flight
  ///   recordings replay.
  public func makeDevTools<S: State & Codable>(registry: JournalRegistry<S> = JournalRegistry()) -> DevTools<S>? {
    guard servesPage || flightRecorderPath != nil else { return nil }
    let flightRecorder = flightRecorderPath.map { DevToolsFlightRecorder(path: Self.absolute($0)) }
    return DevTools(configuration: DevTools<S>.Configuration(port: port, flightRecorder: flightRecorder), registry: registry)
  }

  /// Starts `devTools`' server (printing its one line) and returns its URL; `nil` without a page.
  /// With `--devtools-open`, first replays the file into the store and prints what led up to its
  /// end.
  ///
  /// - Throws: what ``KatanaDevTools/DevTools/start()`` throws when the port cannot be bound, or
  ///   ``KatanaDevTools/DevToolsFlightRecordingError`` when the file cannot be opened (it is left
  ///   as it is).
  @discardableResult
  public func start<S>(_ devTools: DevTools<S>?) async throws -> String? {
    guard let devTools, servesPage else { return nil }
    if let openPath {
      // Before the server starts, so that a file that cannot be opened stops the app at once.
      let recording = try devTools.open(recordingAt: Self.absolute(openPath))
      // Written at once (not through stdout's buffer), like the DevTools line after it.
      FileHandle.standardOutput.write(Data((Self.summary(of: recording, path: openPath) + "\n").utf8))
    }
    return try await devTools.start()
  }

  /// What `--devtools-open` prints: the newest items with their call sites, oldest first.
  static func summary<S>(of recording: DevToolsFlightRecording<S>, path: String) -> String {
    var lines = [
      "Opened \(path): \(recording.items.count) item(s), \(recording.entries.count) updater(s) replayed"
        + (recording.droppedBefore > 0 ? ", \(recording.droppedBefore) older item(s) not kept" : "")
        + (recording.skippedTypes.isEmpty ? "" : "; not replayable: \(recording.skippedTypes.joined(separator: ", "))")
    ]
    let shown = recording.items.suffix(10)
    if shown.count < recording.items.count { lines.append("  …") }
    lines += shown.map { "  \($0)" }
    if recording.tornLine != nil { lines.append("  (the last line was cut short by the end of the process)") }
    return lines.joined(separator: "\n")
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
