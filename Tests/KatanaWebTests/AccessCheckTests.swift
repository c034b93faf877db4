import Foundation
import KatanaTestSupport
import Testing

@testable import KatanaWeb

/// The path a page asks after a failed reconnect, to tell a server restarted with a new token
/// (403: stop, open the new link) from one still down or full (try again).
@Suite("The page's access check")
struct AccessCheckTests {
  @Test("with the page's cookie it answers an empty 200 that is never cached")
  func goodToken() async throws {
    let fixture = try await ServerFixture()
    let cookie = "Cookie: \(AccessPolicyCookie.name(fixture.port))=\(ServerFixture.token)"
    let answer = try await TestWebSocketClient.get(WebProtocol.accessCheckPath, port: fixture.port, headers: [cookie])
    #expect(answer.status == 200)
    #expect(answer.body.isEmpty)
    #expect(answer.head.contains("Cache-Control: no-store"))
    #expect(!answer.head.contains("Set-Cookie"))
    await fixture.server.stop()
  }

  @Test(
    "an old, missing or wrong token is refused with the same 403 as every path, saying nothing more",
    arguments: ["", "old-token_0123456789", String(ServerFixture.token.dropLast())])
  func refusedToken(wrong: String) async throws {
    let fixture = try await ServerFixture()
    let headers = wrong.isEmpty ? [] : ["Cookie: \(AccessPolicyCookie.name(fixture.port))=\(wrong)"]
    let check = try await TestWebSocketClient.get(WebProtocol.accessCheckPath, port: fixture.port, headers: headers)
    let page = try await TestWebSocketClient.get("/", port: fixture.port, headers: headers)
    #expect(check.status == 403)
    #expect(check.body == page.body)
    #expect(!check.head.contains("Set-Cookie"))
    #expect(fixture.server.statistics.refusedForToken == 2)
    await fixture.server.stop()
  }

  @Test("a foreign Host is refused (403) even with the token, and only GET and HEAD are answered")
  func hostAndMethod() async throws {
    let fixture = try await ServerFixture()
    let path = ServerFixture.withToken(WebProtocol.accessCheckPath)
    let foreign = try await TestWebSocketClient.get(path, port: fixture.port, host: "evil.example:\(fixture.port)")
    #expect(foreign.status == 403)
    #expect(fixture.server.statistics.refusedForHost == 1)
    #expect(try await fixture.get(WebProtocol.accessCheckPath, method: "HEAD").status == 200)
    #expect(try await fixture.get(WebProtocol.accessCheckPath, method: "POST").status == 405)
    await fixture.server.stop()
  }

  @Test("it can never be taken for a screen of the app")
  func notAnAppPath() {
    #expect(!WebProtocol.isAppPath(WebProtocol.accessCheckPath))
  }
}
