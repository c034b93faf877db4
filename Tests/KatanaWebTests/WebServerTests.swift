import KatanaServerSupport
import KatanaSupport
import KatanaTestSupport
import Foundation
import Katana
import KatanaUI
import Testing

@testable import KatanaWeb

/// A server on a free loopback port, serving ``TestScreen`` on a fresh store.
struct ServerFixture {
  static let token = "test-token_0123456789"
  let store = TestStore()
  let server: WebServer
  let port: UInt16

  /// A server with ``token`` unless `configuration` says `nil`; any token it sets is replaced.
  init(_ configuration: WebServer.Configuration = WebServer.Configuration(port: 0)) async throws {
    var configuration = configuration
    configuration.port = 0
    if configuration.token != nil { configuration.token = Self.token }
    let store = store
    server = WebServer(configuration: configuration, store: store) { TestScreen(props: TestScreenProps()) }
    port = try await server.start()
  }

  /// Connects a page: opens the socket, reports a viewport, and returns the mount batch's ops.
  func openPage(width: Double = 400, height: Double = 300) async throws -> (TestWebSocketClient, [[Any]]) {
    let client = try await connect()
    try await client.sendText(#"{"v":2,"t":"viewport","w":\#(width),"h":\#(height)}"#)
    let mount = try decodeMessage(Array(try await client.receiveText().utf8)).ops
    return (client, mount)
  }

  /// `path` with the token's query item.
  static func withToken(_ path: String) -> String { path + (path.contains("?") ? "&" : "?") + "token=\(token)" }

  /// GETs `path` with the token.
  func get(_ path: String, method: String = "GET") async throws -> (status: Int, body: String, head: String) {
    try await TestWebSocketClient.get(Self.withToken(path), port: port, method: method)
  }

  /// Opens a WebSocket with the token, from `origin` (the page's by default).
  func connect(origin: String? = "default") async throws -> TestWebSocketClient {
    try await TestWebSocketClient.connect(port: port, path: Self.withToken("/"), origin: origin)
  }
}

/// The id of the first node of `kind` created in `ops`.
func nodeID(_ kind: String, in ops: [[Any]]) throws -> Int {
  let op = try #require(ops.first { createdKind($0) == kind })
  return try #require(op[1] as? Int)
}

/// The texts (`t` props) a message's ops set.
func texts(in message: String) throws -> [String] {
  try decodeMessage(Array(message.utf8)).ops.compactMap(elementText)
}

@Suite("Web server, over real sockets")
struct WebServerTests {
  @Test("the page is served on / and on app paths, the script on its path; file-like paths are 404")
  func paths() async throws {
    let fixture = try await ServerFixture()
    defer { Task { await fixture.server.stop() } }
    let page = try await fixture.get("/")
    #expect(page.status == 200)
    #expect(page.body.contains(#"<script src="/katana.js"></script>"#))
    let script = try await fixture.get("/katana.js")
    #expect(script.status == 200)
    #expect(script.body.contains("new WebSocket"))
    for path in ["/index.html", "/favicon.ico", "/katana.js.map"] {
      #expect(try await fixture.get(path).status == 404, "\(path)")
    }
    // Paths that try to climb read nothing from disk: 404, or (once the HTTP layer has normalised
    // them into an app path) the same embedded page.
    var refusedClimbs = 0
    for path in ["/../Package.swift", "/katana.js/../../etc/passwd", "//etc/passwd", "/%2e%2e/x"] {
      let response = try await fixture.get(path)
      #expect(response.status == 404 || response.body == page.body, "\(path)")
      if response.status == 404 { refusedClimbs += 1 }
    }
    // A link into the app gets the page, which reports the path to the app.
    for path in ["/todos/3", "/settings", "/socket"] {
      let linked = try await fixture.get(path)
      #expect(linked.status == 200, "\(path)")
      #expect(linked.body.contains(#"<script src="/katana.js"></script>"#), "\(path)")
    }
    #expect(try await fixture.get("/", method: "POST").status == 405)
    #expect(fixture.server.statistics.notFound == 3 + refusedClimbs)
    await fixture.server.stop()
  }

  @Test("the page carries the configured title, escaped, and pixels per point")
  func pageSettings() async throws {
    let fixture = try await ServerFixture(WebServer.Configuration(title: "<Tom & \"Jerry\">", pixelsPerPoint: 1.5))
    let page = try await fixture.get("/")
    #expect(page.body.contains("<title>&lt;Tom &amp; &quot;Jerry&quot;&gt;</title>"))
    #expect(page.body.contains(#"<meta name="katana-pixels-per-point" content="1.5">"#))
    let head = try await fixture.get("/katana.js", method: "HEAD")
    #expect(head.status == 200)
    #expect(head.body.isEmpty)
    await fixture.server.stop()
  }

  @Test("upgrades from another origin, or with none, are refused with 403")
  func origin() async throws {
    let fixture = try await ServerFixture()
    for origin in ["http://evil.example", "http://127.0.0.1:1", "https://127.0.0.1:\(fixture.port)", "null", nil] as [String?] {
      await #expect(throws: TestWebSocketClient.ClientError.handshakeRefused(status: 403)) {
        _ = try await fixture.connect(origin: origin)
      }
    }
    let localhost = try await fixture.connect(origin: "http://localhost:\(fixture.port)")
    localhost.close()
    #expect(fixture.server.statistics.refusedForOrigin == 5)
    await fixture.server.stop()
  }

  @Test("connections beyond the cap are refused with 503")
  func capacity() async throws {
    let fixture = try await ServerFixture(WebServer.Configuration(maximumConnections: 2))
    let (first, _) = try await fixture.openPage()
    let (second, _) = try await fixture.openPage()
    await #expect(throws: TestWebSocketClient.ClientError.handshakeRefused(status: 503)) {
      _ = try await fixture.connect()
    }
    #expect(fixture.server.statistics.refusedForCapacity == 1)
    #expect(fixture.server.statistics.openConnections == 2)
    first.close()
    second.close()
    await fixture.server.stop()
  }

  @Test("a tap on one page reaches the shared store, and both pages show the new count")
  func twoPagesInSync() async throws {
    let fixture = try await ServerFixture()
    let (first, firstMount) = try await fixture.openPage()
    let (second, secondMount) = try await fixture.openPage(width: 600, height: 400)
    #expect(try texts(in: String(decoding: MutationEncoder.encode([]), as: UTF8.self)).isEmpty)
    #expect(firstMount.contains { elementText($0) == "Count: 0" })
    #expect(secondMount.contains { elementText($0) == "Count: 0" })
    let button = try nodeID("button", in: firstMount)
    try await first.sendText(#"{"v":2,"t":"touch","n":\#(button),"p":"down"}"#)
    try await first.sendText(#"{"v":2,"t":"touch","n":\#(button),"p":"up"}"#)
    #expect(try texts(in: try await first.receiveText()).contains("Count: 1"))
    #expect(try texts(in: try await second.receiveText()).contains("Count: 1"))
    #expect(fixture.store.state.count == 1)
    first.close()
    second.close()
    await fixture.server.stop()
  }

  @Test("malformed messages and events for unknown nodes or of the wrong kind are counted and never reach the store")
  func refusedMessages() async throws {
    let fixture = try await ServerFixture()
    let (client, mount) = try await fixture.openPage()
    let button = try nodeID("button", in: mount)
    let label = try nodeID("label", in: mount)
    try await client.sendText("not json")
    try await client.sendText(#"{"v":2,"t":"touch","n":987654,"p":"up"}"#)
    try await client.sendText(#"{"v":2,"t":"text","n":\#(button),"s":"x"}"#)
    try await client.sendText(#"{"v":2,"t":"touch","n":\#(label),"p":"up"}"#)
    try await client.sendText(#"{"v":7,"t":"touch","n":\#(button),"p":"up"}"#)
    try await client.sendFrame(opcode: 0x2, payload: [1, 2, 3])
    // Messages are handled in order: once the valid tap's update arrives, the others were handled.
    try await client.sendText(#"{"v":2,"t":"touch","n":\#(button),"p":"up"}"#)
    #expect(try texts(in: try await client.receiveText()).contains("Count: 1"))
    #expect(fixture.store.state.count == 1)
    #expect(fixture.server.statistics.rejectedMessages == 6)
    #expect(fixture.server.statistics.connectionsClosedForAbuse == 0)
    client.close()
    await fixture.server.stop()
  }

  @Test("a connection that keeps sending refused messages is closed with 1008")
  func abuseCloses() async throws {
    let fixture = try await ServerFixture(WebServer.Configuration(maximumRejectedMessages: 3))
    let (client, _) = try await fixture.openPage()
    for _ in 0..<3 { try await client.sendText("{}") }
    #expect(try await client.receiveClose() == 1008)
    #expect(fixture.server.statistics.connectionsClosedForAbuse == 1)
    #expect(fixture.server.statistics.rejectedMessages == 3)
    client.close()
    await fixture.server.stop()
  }

  @Test("a message over the size cap closes the connection with 1009, and the store never sees it")
  func oversizedMessage() async throws {
    let fixture = try await ServerFixture()
    let (client, mount) = try await fixture.openPage()
    let field = try nodeID("textField", in: mount)
    let text = #"{"v":2,"t":"text","n":\#(field),"s":""# + String(repeating: "a", count: 70_000) + #""}"#
    try await client.sendText(text)
    #expect(try await client.receiveClose() == 1009)
    #expect(fixture.store.state.text == "")
    #expect(fixture.server.statistics.framesRefused == 1)
    client.close()
    await fixture.server.stop()
  }

  @Test("pings are answered, and a message split over several frames is assembled")
  func framing() async throws {
    let fixture = try await ServerFixture()
    let client = try await fixture.connect()
    try await client.sendFrame(opcode: 0x9, payload: Array("hello".utf8))
    let pong = try await client.receive()
    #expect(pong == TestWebSocketClient.Frame(opcode: 0xA, payload: Array("hello".utf8)))
    let viewport = Array(#"{"v":2,"t":"viewport","w":400,"h":300}"#.utf8)
    try await client.sendFrame(opcode: 0x1, payload: Array(viewport[..<10]), fin: false)
    try await client.sendFrame(opcode: 0x0, payload: Array(viewport[10..<20]), fin: false)
    try await client.sendFrame(opcode: 0x0, payload: Array(viewport[20...]))
    #expect(try texts(in: try await client.receiveText()).contains("Count: 0"))
    client.close()
    await fixture.server.stop()
  }

  @Test("a message whose frames pass the size cap is refused before it is whole (1009)")
  func oversizedFragments() async throws {
    let fixture = try await ServerFixture()
    let (client, _) = try await fixture.openPage()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 40_000)
    try await client.sendFrame(opcode: 0x1, payload: chunk, fin: false)
    try await client.sendFrame(opcode: 0x0, payload: chunk, fin: false)
    #expect(try await client.receiveClose() == 1009)
    // Refused as soon as its frames passed the cap: no byte of it reached the session.
    #expect(fixture.server.statistics.framesRefused == 1)
    #expect(fixture.server.statistics.largestMessageForwarded < 40_000)
    client.close()
    await fixture.server.stop()
  }

  @Test("a page that stops reading is dropped once its pending batches pass the cap")
  func slowPage() async throws {
    let context = WebServerContext(configuration: WebServer.Configuration(maximumPendingMessages: 4)) {
      PageRenderer(root: TestScreen(props: TestScreenProps()), sharing: TestStore())
    }
    let site = WebRequestHandler(context: context)
    // The socket loop's own queue, which nothing reads here: a page that stopped reading.
    let outbox = SocketOutbox(capacity: 4) { site.countDroppedForSlowness() }
    let session = await site.openSession(output: outbox.output)
    // Each new width re-lays the page out: one batch each, eleven in all with the mount.
    for width in 100...110 {
      let text = #"{"v":2,"t":"viewport","w":\#(width),"h":300}"#
      _ = await session.receive(.text(Data(text.utf8)))
    }
    await session.end()
    outbox.finish()
    var received = 0
    for await _ in outbox.frames { received += 1 }
    #expect(received == 4)
    #expect(context.statistics.withLock { $0 }.connectionsDroppedForSlowness == 1)
  }

  @Test("the server binds loopback by default and refuses a host that is not an address")
  func binding() async throws {
    #expect(WebServer.Configuration().host == "127.0.0.1")
    let server = WebServer(configuration: WebServer.Configuration(host: "example.com", port: 0), store: nil) {
      TestScreen(props: TestScreenProps())
    }
    await #expect(throws: WebServerError.invalidHost("example.com")) { try await server.start() }
    let fixture = try await ServerFixture()
    #expect(await fixture.server.url == "http://127.0.0.1:\(fixture.port)/?token=\(ServerFixture.token)")
    await fixture.server.stop()
  }
}
