import Foundation
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

@Suite("DevTools server: paths, token, origin, limits (over real sockets)")
struct DevToolsServerTests {
  @Test("start returns http://127.0.0.1:PORT/?token=TOKEN, the token being 128 random bits in hex")
  func url() async throws {
    let fixture = try await DevToolsFixture()
    #expect(fixture.url == "http://127.0.0.1:\(fixture.port)/?token=\(fixture.token)")
    #expect(fixture.token.count == 32)
    #expect(fixture.token.allSatisfy({ $0.isHexDigit }))
    #expect(DevToolsServer.Configuration().token != DevToolsServer.Configuration().token)
    #expect(DevToolsServer.Configuration().host == "127.0.0.1")
    #expect(DevToolsServer.Configuration().port == 0)
    await fixture.server.stop()
  }

  @Test("the page, its script and its styles are served with the token, embedded, under a strict policy")
  func pageWithToken() async throws {
    let fixture = try await DevToolsFixture()
    let token = fixture.token
    let page = try await TestWebSocketClient.get("/?token=\(token)", port: fixture.port)
    #expect(page.status == 200)
    #expect(page.body.contains(#"<script src="/devtools.js?token=\#(token)"></script>"#))
    #expect(page.body.contains(#"<link rel="stylesheet" href="/devtools.css?token=\#(token)">"#))
    #expect(page.body.contains(#"<meta name="katana-devtools-token" content="\#(token)">"#))
    for id in ["items", "slider", "live", "pause", "filter-type", "filter-kind", "diff", "state", "error", "dropped", "export", "import"] {
      #expect(page.body.contains(#"id="\#(id)""#), "element #\(id)")
    }
    // No inline script: the policy allows only the served one.
    #expect(!page.body.contains("<script>"))
    #expect(page.head.contains("Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self';"))
    #expect(page.head.contains("Referrer-Policy: no-referrer"))
    let script = try await TestWebSocketClient.get("/devtools.js?token=\(token)", port: fixture.port)
    #expect(script.status == 200)
    #expect(script.body.contains("new WebSocket"))
    #expect(script.head.contains("Content-Type: text/javascript"))
    let styles = try await TestWebSocketClient.get("/devtools.css?token=\(token)", port: fixture.port)
    #expect(styles.status == 200)
    #expect(styles.head.contains("Content-Type: text/css"))
    let head = try await TestWebSocketClient.get("/?token=\(token)", port: fixture.port, method: "HEAD")
    #expect(head.status == 200)
    #expect(head.body.isEmpty)
    #expect(try await TestWebSocketClient.get("/?token=\(token)", port: fixture.port, method: "POST").status == 405)
    await fixture.server.stop()
  }

  @Test("every path answers 403 and nothing else without the token, with a wrong one, or with two")
  func tokenRequired() async throws {
    let fixture = try await DevToolsFixture()
    let token = fixture.token
    let wrongQueries = [
      "", "?token=", "?token=\(String(token.dropLast()))", "?token=\(token)0", "?token=\(token.uppercased())x",
      "?tokens=\(token)", "?token=\(token)&token=\(token)", "?token=\(String(repeating: "0", count: 32))",
    ]
    var refused = 0
    for path in ["/", "/devtools.js", "/devtools.css", "/socket", "/index.html", "/../x"] {
      for query in wrongQueries {
        let answer = try await TestWebSocketClient.get(path + query, port: fixture.port)
        #expect(answer.status == 403, "\(path)\(query)")
        #expect(answer.body.hasPrefix("forbidden"), "\(path)\(query)")
        refused += 1
      }
      await #expect(throws: TestWebSocketClient.ClientError.handshakeRefused(status: 403)) {
        _ = try await TestWebSocketClient.connect(port: fixture.port, path: "/socket?token=wrong\(token)")
      }
      refused += 1
    }
    #expect(fixture.server.statistics.refusedForToken == refused)
    #expect(fixture.server.statistics.acceptedConnections == 0)
    await fixture.server.stop()
  }

  @Test("any other path is 404 with the token (403 without); the socket path without an upgrade is 426")
  func otherPaths() async throws {
    let fixture = try await DevToolsFixture()
    let query = "?token=\(fixture.token)"
    let paths = ["/index.html", "/katana.js", "/../Package.swift", "//etc/passwd", "/%2e%2e/x", "/socket/x", "/devtools.jsx", "/DEVTOOLS.JS"]
    for path in paths {
      #expect(try await TestWebSocketClient.get(path + query, port: fixture.port).status == 404, "\(path)")
      #expect(try await TestWebSocketClient.get(path, port: fixture.port).status == 403, "\(path)")
    }
    #expect(fixture.server.statistics.notFound == paths.count)
    #expect(try await TestWebSocketClient.get("/socket\(query)", port: fixture.port).status == 426)
    await fixture.server.stop()
  }

  @Test("socket upgrades from another origin, or with none, are refused with 403")
  func origin() async throws {
    let fixture = try await DevToolsFixture()
    let path = "/socket?token=\(fixture.token)"
    let origins: [String?] = [
      "http://evil.example", "http://127.0.0.1:1", "https://127.0.0.1:\(fixture.port)", "null",
      "http://127.0.0.1:\(fixture.port).evil.example", nil,
    ]
    for origin in origins {
      await #expect(throws: TestWebSocketClient.ClientError.handshakeRefused(status: 403), "\(origin ?? "none")") {
        _ = try await TestWebSocketClient.connect(port: fixture.port, path: path, origin: origin)
      }
    }
    #expect(fixture.server.statistics.refusedForOrigin == origins.count)
    let (page, hello) = try await fixture.openPage(origin: "http://localhost:\(fixture.port)")
    #expect(hello["type"] as? String == "hello")
    page.close()
    await fixture.server.stop()
  }

  @Test("an additional origin is accepted")
  func additionalOrigin() async throws {
    let fixture = try await DevToolsFixture(DevToolsServer.Configuration(additionalOrigins: ["http://tools.local:9000"]))
    let (page, hello) = try await fixture.openPage(origin: "http://tools.local:9000")
    #expect(hello["type"] as? String == "hello")
    page.close()
    await fixture.server.stop()
  }

  @Test("connections beyond the cap are refused with 503, and a closed page frees its slot")
  func capacity() async throws {
    let fixture = try await DevToolsFixture(DevToolsServer.Configuration(maximumConnections: 1))
    let (first, _) = try await fixture.openPage()
    await #expect(throws: TestWebSocketClient.ClientError.handshakeRefused(status: 503)) {
      _ = try await fixture.openPage()
    }
    #expect(fixture.server.statistics.refusedForCapacity == 1)
    first.close()
    // The closed page's change stream ends with its connection, which frees the slot.
    await fixture.source.liveStreams.wait("the first page's change stream ended") { $0 == 0 }
    let (second, hello) = try await fixture.openPage()
    #expect(hello["type"] as? String == "hello")
    second.close()
    await fixture.server.stop()
  }

  @Test("a malformed token, a host that is not an address, or a second start are refused")
  func startErrors() async throws {
    let source = FakeDevToolsSource()
    for token in ["short", "has space in it....", "percent%20encoded-token", String(repeating: "a", count: 257)] {
      let server = DevToolsServer(configuration: DevToolsServer.Configuration(token: token), source: source)
      await #expect(throws: DevToolsServerError.invalidToken, "\(token)") { _ = try await server.start() }
    }
    let named = DevToolsServer(configuration: DevToolsServer.Configuration(host: "example.com"), source: source)
    await #expect(throws: DevToolsServerError.invalidHost("example.com")) { _ = try await named.start() }
    let fixture = try await DevToolsFixture(
      DevToolsServer.Configuration(host: "localhost", token: "my-own_token-0123456789"), source: source)
    #expect(fixture.url == "http://127.0.0.1:\(fixture.port)/?token=my-own_token-0123456789")
    await #expect(throws: DevToolsServerError.alreadyStarted) { _ = try await fixture.server.start() }
    await fixture.server.stop()
    await fixture.server.stop()
  }
}
