import Foundation
import KatanaServerSupport
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

/// DevTools' server gets the same limits as KatanaWeb's from the shared skeleton; tried here from
/// a plain socket, with short deadlines, waiting on events.
@Suite("DevTools server limits and hosts, over real sockets")
struct DevToolsServerLimitsTests {
  @Test("a 1 GiB frame header is refused with 1009 before its payload is read; at most the cap was buffered")
  func hugeFrame() async throws {
    let fixture = try await DevToolsFixture()
    let (written, closeCode) = try await ServerAttacks.sendHugeFrame(port: fixture.port, path: "/socket?token=\(fixture.token)")
    #expect(written < 64 * 1024 * 1024)
    if let closeCode { #expect(closeCode == 1009) }
    #expect(fixture.server.statistics.shared.framesRefused == 1)
    #expect(fixture.server.statistics.shared.largestMessageForwarded <= fixture.server.configuration.maximumMessageBytes)
    #expect(fixture.source.calls.values.isEmpty)
    await fixture.server.stop()
  }

  @Test("a request with 100,000 headers is refused with 431 at the header cap")
  func manyHeaders() async throws {
    let fixture = try await DevToolsFixture()
    let answer = try await ServerAttacks.sendManyHeaders(port: fixture.port, path: "/?token=\(fixture.token)", count: 100_000)
    #expect(ServerAttacks.status(of: answer) == 431)
    #expect(fixture.server.statistics.shared.refusedForRequestLimits == 1)
    await fixture.server.stop()
  }

  @Test("1,000 half-sent requests are dropped at the deadline (408), then the page loads for a new client")
  func halfOpenRequests() async throws {
    ServerAttacks.ensureOpenFiles(4096)
    let fixture = try await DevToolsFixture(
      DevToolsServer.Configuration(limits: ServerLimits(requestDeadline: .seconds(4), maximumOpenSockets: 1100)))
    let sockets = try await ServerAttacks.openHalfRequests(port: fixture.port, count: 1000)
    for socket in sockets {
      #expect(ServerAttacks.status(of: try await ServerAttacks.readUntilClosed(socket)) == 408)
      socket.close()
    }
    #expect(fixture.server.statistics.shared.requestsTimedOut == 1000)
    #expect(try await TestWebSocketClient.get("/?token=\(fixture.token)", port: fixture.port).status == 200)
    await fixture.server.stop()
  }

  @Test("beyond a socket budget of busy connections a new one is refused at once (503); half-sent requests make room")
  func socketBudget() async throws {
    let fixture = try await DevToolsFixture(
      DevToolsServer.Configuration(limits: ServerLimits(requestDeadline: .seconds(120), maximumOpenSockets: 4)))
    // Half-sent requests are the first to go when the budget is full: a page still opens.
    let abusers = try await ServerAttacks.openHalfRequests(port: fixture.port, count: 4)
    var pages: [DevToolsPageClient] = []
    for _ in 0..<4 { pages.append(try await fixture.openPage().0) }
    #expect(fixture.server.statistics.shared.evictedForHeads == 4)
    for socket in abusers { socket.close() }
    // Open pages are busy: a newcomer is refused at once.
    let refused = try await ServerAttacks.connect(port: fixture.port)
    #expect(ServerAttacks.status(of: try await ServerAttacks.readUntilClosed(refused)) == 503)
    refused.close()
    #expect(fixture.server.statistics.shared.refusedForSocketBudget == 1)
    pages.removeLast().close()
    // The budget is given back once the server sees the hang-up: the test waits for that.
    #expect(await fixture.server.connectionCounters.wait(until: .now + patience) { $0.openSockets < 4 })
    #expect(try await TestWebSocketClient.get("/?token=\(fixture.token)", port: fixture.port).status == 200)
    for page in pages { page.close() }
    await fixture.server.stop()
  }

  @Test(
    "upgrades that hang up mid-head, mid-body, before the 101, mid-frame or mid-message give back their socket and slot; a full budget of pages gets in after"
  )
  func upgradesThatHangUp() async throws {
    let fixture = try await DevToolsFixture(
      DevToolsServer.Configuration(maximumConnections: 6, limits: ServerLimits(maximumOpenSockets: 6)))
    let counters = fixture.server.connectionCounters
    // Three rounds of one client of each kind, 15 in all against a budget of 6.
    for _ in 0..<3 {
      var sockets: [TestSocket] = []
      for hangUp in ServerAttacks.UpgradeHangUp.allCases {
        sockets.append(
          try await ServerAttacks.openUpgrade(port: fixture.port, path: "/socket?token=\(fixture.token)", stoppingAt: hangUp))
      }
      for socket in sockets { socket.close() }
      let settled = await counters.wait(until: .now + patience) { $0.openSockets == 0 && $0.openConnections == 0 }
      #expect(settled, "not back to the baseline: \(counters.snapshot)")
    }
    var pages: [DevToolsPageClient] = []
    for _ in 0..<6 { pages.append(try await fixture.openPage().0) }
    let statistics = fixture.server.statistics.shared
    #expect(statistics.openConnections == 6)
    #expect(statistics.refusedForCapacity == 0)
    #expect(statistics.refusedForSocketBudget == 0)
    #expect((2 * 3 + 6)...(3 * 3 + 6) ~= statistics.acceptedConnections)
    // The budget is whole and no larger: a seventh connection is answered 503 and closed at once
    // (read without writing: the server may close before a request would be written).
    let refused = try await ServerAttacks.connect(port: fixture.port)
    #expect(ServerAttacks.status(of: try await ServerAttacks.readUntilClosed(refused)) == 503)
    refused.close()
    for page in pages { page.close() }
    await fixture.server.stop()
  }

  @Test("a page that goes silent is closed at the idle timeout (1001) after its pings went unanswered")
  func idleTimeout() async throws {
    let clock = SteppedClock()
    let fixture = try await DevToolsFixture(
      DevToolsServer.Configuration(limits: ServerLimits(webSocketIdleTimeout: .seconds(5))), clock: clock)
    let (page, _) = try await fixture.openPage()
    // The page never sends a byte: pinged after one and two silent intervals, closed after three.
    for _ in 0..<2 {
      await clock.step()
      #expect(try await page.socket.receive().opcode == 0x9)
    }
    await clock.step()
    #expect(try await page.socket.receiveClose() == 1001)
    #expect(fixture.server.statistics.shared.webSocketsTimedOut == 1)
    page.close()
    await fixture.server.stop()
  }

  @Test("bound to every interface, a DNS-rebinding upgrade (Host evil.example with a matching Origin) is refused")
  func dnsRebinding() async throws {
    let fixture = try await DevToolsFixture(DevToolsServer.Configuration(host: "0.0.0.0"))
    let port = fixture.port
    await #expect(throws: TestWebSocketClient.ClientError.handshakeRefused(status: 403)) {
      _ = try await TestWebSocketClient.connect(
        port: port, path: "/socket?token=\(fixture.token)", origin: "http://evil.example:\(port)", host: "evil.example:\(port)")
    }
    #expect(try await TestWebSocketClient.get("/?token=\(fixture.token)", port: port, host: "evil.example:\(port)").status == 403)
    #expect(fixture.server.statistics.shared.refusedForHost == 2)
    let (page, hello) = try await fixture.openPage()
    #expect(hello["type"] as? String == "hello")
    page.close()
    await fixture.server.stop()
  }
}
