// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
import Foundation

extension DevTools {
  /// Starts the DevTools server and prints exactly one line, `DevTools on http://127.0.0.1:PORT/?token=…`,
  /// on standard output; returns the same URL.
  ///
  /// The token in the URL is required for the page, its socket and every command, so only who
  /// was shown the line can look at (and time travel) the app. Recording does not wait for this
  /// call: items handled before it are in the list when the page opens.
  ///
  /// - Parameter announce: where the line goes; standard output by default, written at once
  ///   (not buffered, so a script reading the app's output sees it). Tests pass their own.
  /// - Throws: ``DevToolsServerError`` when the host, port or token cannot be used, or the server
  ///   already runs.
  @discardableResult
  public func start(announce: @Sendable (String) -> Void = DevToolsAnnouncement.standardOutput) async throws(DevToolsServerError) -> String {
    let url = try await server.start()
    announce("DevTools on \(url)")
    return url
  }

  /// Stops the server and closes every page's connection; recording goes on. Safe to call more
  /// than once.
  public func stop() async {
    await server.stop()
  }

  /// The port the server listens on, once ``start(announce:)`` returned.
  public var port: UInt16? { server.port }

  /// The token every page, socket and command must carry.
  public var token: String { server.configuration.token }
}

/// Where ``DevTools/start(announce:)`` prints by default.
public enum DevToolsAnnouncement {
  /// Writes the line to standard output at once (not buffered, so a script reading the app's
  /// output sees it while the app runs).
  public static let standardOutput: @Sendable (String) -> Void = { line in
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
#endif
