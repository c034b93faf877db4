import Foundation
import KatanaTestSupport
import Testing

@testable import KatanaWeb

@Suite("Web server access: token, hosts, origins")
struct WebServerAccessTests {
  @Test("missing, wrong and prefix tokens are refused with 403 on every path and the upgrade")
  func tokens() async throws {
    let fixture = try await ServerFixture()
    let token = ServerFixture.token
    let queries = ["", "?token=", "?token=\(token.dropLast())", "?token=\(token)x", "?token=\(token)&token=\(token)", "?tok=\(token)"]
    var refused = 0
    for path in ["/", "/katana.js", "/favicon.ico", "/../etc/passwd"] {
      for query in queries {
        #expect(try await TestWebSocketClient.get(path + query, port: fixture.port).status == 403, "\(path)\(query)")
        refused += 1
      }
    }
    for query in queries {
      await #expect(throws: TestWebSocketClient.ClientError.handshakeRefused(status: 403), "\(query)") {
        _ = try await TestWebSocketClient.connect(port: fixture.port, path: "/" + query)
      }
      refused += 1
    }
    let cookie = AccessPolicyCookie.name(fixture.port)
    for wrong in ["", String(token.dropLast()), token + "0"] {
      #expect(try await TestWebSocketClient.get("/katana.js", port: fixture.port, headers: ["Cookie: \(cookie)=\(wrong)"]).status == 403)
      refused += 1
    }
    #expect(fixture.server.statistics.refusedForToken == refused)
    #expect(fixture.server.statistics.acceptedConnections == 0)
    await fixture.server.stop()
  }

  @Test("the first load sets an HttpOnly cookie; the script, reloads and the upgrade then need no token in the URL")
  func cookie() async throws {
    let fixture = try await ServerFixture()
    let page = try await fixture.get("/")
    let cookie = "\(AccessPolicyCookie.name(fixture.port))=\(ServerFixture.token)"
    #expect(page.head.contains("Set-Cookie: \(cookie); Path=/; HttpOnly; SameSite=Strict"))
    #expect(page.head.contains("Referrer-Policy: no-referrer"))
    #expect(try await TestWebSocketClient.get("/katana.js", port: fixture.port, headers: ["Cookie: \(cookie)"]).status == 200)
    #expect(try await TestWebSocketClient.get("/", port: fixture.port, headers: ["Cookie: a=b; \(cookie)"]).status == 200)
    let client = try await TestWebSocketClient.connect(port: fixture.port, path: "/", headers: ["Cookie: \(cookie)"])
    client.close()
    await fixture.server.stop()
  }

  @Test("a first load on an app path (a shared link to /todos/3) sets the cookie too, so its script loads")
  func cookieOnAppPath() async throws {
    let fixture = try await ServerFixture()
    let page = try await fixture.get("/todos/3")
    #expect(page.status == 200)
    let cookie = "\(AccessPolicyCookie.name(fixture.port))=\(ServerFixture.token)"
    #expect(page.head.contains("Set-Cookie: \(cookie); Path=/; HttpOnly; SameSite=Strict"))
    #expect(try await TestWebSocketClient.get("/katana.js", port: fixture.port, headers: ["Cookie: \(cookie)"]).status == 200)
    // Without the token in its address an app path sets nothing (it answers 403).
    let bare = try await TestWebSocketClient.get("/todos/3", port: fixture.port)
    #expect(bare.status == 403)
    #expect(!bare.head.contains("Set-Cookie"))
    await fixture.server.stop()
  }

  @Test("bound to every interface, a DNS-rebinding upgrade (Host evil.example with a matching Origin) is refused")
  func dnsRebinding() async throws {
    let fixture = try await ServerFixture(WebServer.Configuration(host: "0.0.0.0", port: 0, allowedHosts: ["app.example"]))
    let port = fixture.port
    await #expect(throws: TestWebSocketClient.ClientError.handshakeRefused(status: 403)) {
      _ = try await TestWebSocketClient.connect(
        port: port, path: ServerFixture.withToken("/"), origin: "http://evil.example:\(port)", host: "evil.example:\(port)")
    }
    #expect(try await TestWebSocketClient.get(ServerFixture.withToken("/"), port: port, host: "evil.example:\(port)").status == 403)
    #expect(fixture.server.statistics.refusedForHost == 2)
    // A name given with --allowed-host, and the loopback address, still work.
    let named = try await TestWebSocketClient.connect(
      port: port, path: ServerFixture.withToken("/"), origin: "http://app.example:\(port)", host: "app.example:\(port)")
    named.close()
    #expect(try await fixture.get("/").status == 200)
    await fixture.server.stop()
  }

  @Test("on loopback, a Host that is not a loopback name is refused")
  func loopbackHost() async throws {
    let fixture = try await ServerFixture()
    for host in ["evil.example", "192.168.1.5:\(fixture.port)", "localhost.evil.example:\(fixture.port)"] {
      #expect(try await TestWebSocketClient.get(ServerFixture.withToken("/"), port: fixture.port, host: host).status == 403, "\(host)")
    }
    #expect(try await TestWebSocketClient.get(ServerFixture.withToken("/"), port: fixture.port, host: "localhost:\(fixture.port)").status == 200)
    await fixture.server.stop()
  }

  @Test("no token is allowed on loopback only; a malformed token is refused")
  func tokenConfiguration() async throws {
    let open = WebServer(configuration: WebServer.Configuration(host: "0.0.0.0", port: 0, token: nil), store: nil) {
      TestScreen(props: TestScreenProps())
    }
    await #expect(throws: WebServerError.tokenRequired(host: "0.0.0.0")) { try await open.start() }
    let short = WebServer(configuration: WebServer.Configuration(port: 0, token: "short"), store: nil) {
      TestScreen(props: TestScreenProps())
    }
    await #expect(throws: WebServerError.invalidToken) { try await short.start() }
    let fixture = try await ServerFixture(WebServer.Configuration(port: 0, token: nil))
    #expect(try await TestWebSocketClient.get("/", port: fixture.port).status == 200)
    #expect(await fixture.server.url == "http://127.0.0.1:\(fixture.port)")
    #expect(WebServer.Configuration().token != WebServer.Configuration().token)
    await fixture.server.stop()
  }
}

/// The cookie's name, as the server writes it.
enum AccessPolicyCookie {
  static func name(_ port: UInt16) -> String { "katana-token-\(port)" }
}
