import Foundation
import KatanaTestSupport
import KatanaServerSupport
import Testing

@testable import KatanaDevTools

/// A DevTools server on a free loopback port over a ``FakeDevToolsSource``.
struct DevToolsFixture {
  let source: FakeDevToolsSource
  let server: DevToolsServer
  let url: String
  let port: UInt16
  var token: String { server.configuration.token }

  init(
    _ configuration: DevToolsServer.Configuration = DevToolsServer.Configuration(),
    source: FakeDevToolsSource = FakeDevToolsSource(items: 4), clock: any SocketClock = SystemSocketClock()
  ) async throws {
    self.source = source
    server = DevToolsServer(configuration: configuration, source: source, clock: clock)
    url = try await server.start()
    port = try #require(server.port)
  }

  /// Opens the page's socket with the token and returns it with its `hello` message.
  func openPage(origin: String? = "default") async throws -> (DevToolsPageClient, [String: Any]) {
    let client = DevToolsPageClient(
      try await TestWebSocketClient.connect(port: port, path: "/socket?token=\(token)", origin: origin), token: token)
    let hello = try await client.receive()
    return (client, hello)
  }
}

/// A page's side of the socket: sends commands with the token, reads JSON messages.
struct DevToolsPageClient {
  let socket: TestWebSocketClient
  let token: String

  init(_ socket: TestWebSocketClient, token: String) {
    self.socket = socket
    self.token = token
  }

  /// Sends `{"token":…,"command":…}` plus `fields` (JSON members, already written).
  func send(_ command: String, _ fields: String = "") async throws {
    try await socket.sendText(#"{"token":"\#(token)","command":"\#(command)"\#(fields.isEmpty ? "" : "," + fields)}"#)
  }

  /// The next message, as a JSON object.
  func receive() async throws -> [String: Any] {
    let text = try await socket.receiveText()
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
  }

  /// The ids of a `hello` or `items` message's items.
  static func ids(_ message: [String: Any]) -> [Int] {
    (message["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
  }

  /// The `status` of a `hello` or `items` message.
  static func status(_ message: [String: Any]) -> [String: Any] {
    message["status"] as? [String: Any] ?? [:]
  }

  func close() {
    socket.close()
  }
}

extension DevTools where S == ShopState {
  /// Every recorded updater with the states DevTools holds for it, oldest first (the store's
  /// journal drained first, as for any reader).
  var recordedEntries: [DevToolsRecorder<ShopState>.Entry] {
    recorder.recording.storage.withLock { recorder.entries($0) }
  }
}
