public import Katana
import Foundation
public import KatanaUI

/// Runs a KatanaUI app in browsers until the process is interrupted: the one-line way for an
/// example or an app to offer `--web`.
///
/// ```swift
/// try await WebApp.serve(store: store, configuration: .init(port: 0)) {
///   CounterScreen(props: .init())
/// }
/// ```
public enum WebApp {
  /// Starts a ``WebServer``, prints exactly one line, `Serving on http://127.0.0.1:PORT/?token=…`
  /// (without `/?token=…` when the configuration has no token), to
  /// standard output, and serves until SIGINT (Ctrl-C) or SIGTERM, then stops the server cleanly.
  ///
  /// - Parameters:
  ///   - store: the store every page shares.
  ///   - configuration: host, port and limits.
  ///   - root: makes the root description, once per page.
  /// - Throws: ``WebServerError`` when the server cannot start.
  public static func serve<Root: NodeDescription>(
    store: (any AnyStore)?,
    configuration: WebServer.Configuration = WebServer.Configuration(),
    root: @escaping @MainActor @Sendable () -> Root
  ) async throws(WebServerError) {
    let server = WebServer(configuration: configuration, store: store, root: root)
    let interrupts = InterruptSignals()
    try await server.start()
    let url = await server.url ?? ""
    FileHandle.standardOutput.write(Data("Serving on \(url)\n".utf8))
    await interrupts.next()
    await server.stop()
  }
}

/// SIGINT and SIGTERM as an async wait, instead of the default of killing the process at once.
private final class InterruptSignals {
  private let sources: [any DispatchSourceSignal]
  private let stream: AsyncStream<Int32>

  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
    self.stream = stream
    sources = [SIGINT, SIGTERM].map { signalNumber in
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { continuation.yield(signalNumber) }
      source.resume()
      return source
    }
  }

  func next() async {
    for await _ in stream { return }
  }

  deinit {
    for source in sources { source.cancel() }
  }
}
