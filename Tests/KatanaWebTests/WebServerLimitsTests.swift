import Foundation
import Katana
import KatanaServerSupport
import KatanaTestSupport
import Testing

@testable import KatanaWeb

/// The limits that hold while reading, tried from a plain socket as an attacker would; deadlines
/// are short so the suite stays fast, and every wait is for an event (a close, an answer).
@Suite("Web server limits, over real sockets")
struct WebServerLimitsTests {
  @Test("a 1 GiB frame header is refused with 1009 before its payload is read; at most the cap was buffered")
  func hugeFrame() async throws {
    let fixture = try await ServerFixture()
    let cap = fixture.server.configuration.maximumMessageBytes
    let (written, closeCode) = try await ServerAttacks.sendHugeFrame(port: fixture.port, path: ServerFixture.withToken("/"))
    // The server stopped reading at the header: only what the kernel's buffers hold went out.
    #expect(written < 64 * 1024 * 1024)
    if let closeCode { #expect(closeCode == 1009) }
    let statistics = fixture.server.statistics
    #expect(statistics.framesRefused == 1)
    #expect(statistics.largestMessageForwarded <= cap)
    // The page still loads for someone else.
    #expect(try await fixture.get("/").status == 200)
    await fixture.server.stop()
  }

  @Test("a request with 100,000 headers is refused with 431 at the header cap")
  func manyHeaders() async throws {
    let fixture = try await ServerFixture()
    let answer = try await ServerAttacks.sendManyHeaders(port: fixture.port, path: ServerFixture.withToken("/"), count: 100_000)
    #expect(ServerAttacks.status(of: answer) == 431)
    #expect(fixture.server.statistics.refusedForRequestLimits == 1)
    #expect(try await fixture.get("/").status == 200)
    await fixture.server.stop()
  }

  @Test("a request head over the byte cap is refused with 431; a request with a body with 413")
  func headBytesAndBodies() async throws {
    let fixture = try await ServerFixture(WebServer.Configuration(port: 0, maximumRequestHeadBytes: 2048))
    let long = try await TestWebSocketClient.get(ServerFixture.withToken("/"), port: fixture.port, headers: [
      "X-Long: " + String(repeating: "a", count: 3000)
    ])
    #expect(long.status == 431)
    let post = try await TestWebSocketClient.get(
      ServerFixture.withToken("/"), port: fixture.port, method: "POST", headers: ["Content-Length: 3"])
    #expect(post.status == 413)
    #expect(fixture.server.statistics.refusedForRequestLimits == 2)
    await fixture.server.stop()
  }

  @Test("1,000 half-sent requests are dropped at the deadline (408), then the page loads for a new client")
  func halfOpenRequests() async throws {
    ServerAttacks.ensureOpenFiles(4096)
    let fixture = try await ServerFixture(
      WebServer.Configuration(port: 0, requestDeadline: .seconds(4), maximumOpenSockets: 1100))
    let sockets = try await ServerAttacks.openHalfRequests(port: fixture.port, count: 1000)
    for socket in sockets {
      let answer = try await ServerAttacks.readUntilClosed(socket)
      #expect(ServerAttacks.status(of: answer) == 408)
      socket.close()
    }
    #expect(fixture.server.statistics.requestsTimedOut == 1000)
    #expect(try await fixture.get("/").status == 200)
    await fixture.server.stop()
  }

  @Test("with the socket budget full of half-sent requests, a new client gets in and the oldest is dropped")
  func budgetFullOfHalfSentRequests() async throws {
    // A deadline far beyond the test: the half-sent requests are dropped by the budget, not by it.
    let fixture = try await ServerFixture(
      WebServer.Configuration(port: 0, requestDeadline: .seconds(120), maximumOpenSockets: 256))
    let abusers = try await ServerAttacks.openHalfRequests(port: fixture.port, count: 300)
    // The page loads at once for a new client, however many half-sent requests wait.
    #expect(try await fixture.get("/").status == 200)
    #expect(fixture.server.statistics.evictedForHeads >= 300 - 256)
    // The first ones, which waited longest, were closed to make room.
    #expect(try await ServerAttacks.readUntilClosed(abusers[0]).isEmpty)
    for socket in abusers { socket.close() }
    await fixture.server.stop()
  }

  @Test("beyond a socket budget of busy connections a new one is refused at once (503); once one closes a client gets in")
  func socketBudget() async throws {
    let fixture = try await ServerFixture(WebServer.Configuration(port: 0, maximumOpenSockets: 4))
    // Open WebSockets are busy connections: none of them is dropped for a newcomer.
    var pages: [TestWebSocketClient] = []
    for _ in 0..<4 { pages.append(try await fixture.connect()) }
    let refused = try await ServerAttacks.connect(port: fixture.port)
    #expect(ServerAttacks.status(of: try await ServerAttacks.readUntilClosed(refused)) == 503)
    refused.close()
    #expect(fixture.server.statistics.refusedForSocketBudget == 1)
    pages.removeLast().close()
    // The budget is given back once the server sees the hang-up: the test waits for that.
    #expect(await fixture.server.connectionCounters.wait(until: .now + patience) { $0.openSockets < 4 })
    #expect(try await fixture.get("/").status == 200)
    for page in pages { page.close() }
    await fixture.server.stop()
  }

  @Test(
    "upgrades that hang up mid-head, mid-body, before the 101, mid-frame or mid-message give back their socket and slot; a full budget of pages gets in after"
  )
  func upgradesThatHangUp() async throws {
    let fixture = try await ServerFixture(WebServer.Configuration(port: 0, maximumConnections: 6, maximumOpenSockets: 6))
    let counters = fixture.server.connectionCounters
    // Three rounds of one client of each kind, 15 in all against a budget of 6: a socket or a
    // slot any of them kept would show as a refusal below.
    for _ in 0..<3 {
      var sockets: [TestSocket] = []
      for hangUp in ServerAttacks.UpgradeHangUp.allCases {
        sockets.append(try await ServerAttacks.openUpgrade(port: fixture.port, path: ServerFixture.withToken("/"), stoppingAt: hangUp))
      }
      for socket in sockets { socket.close() }
      let settled = await counters.wait(until: .now + patience) { $0.openSockets == 0 && $0.openConnections == 0 }
      #expect(settled, "not back to the baseline: \(counters.snapshot)")
    }
    var pages: [TestWebSocketClient] = []
    for _ in 0..<6 { pages.append(try await fixture.openPage().0) }
    let statistics = fixture.server.statistics
    #expect(statistics.openConnections == 6)
    #expect(statistics.refusedForCapacity == 0)
    #expect(statistics.refusedForSocketBudget == 0)
    // Two of each round were upgraded (mid-frame, mid-message), and the one gone before its 101
    // too unless its hang-up came first.
    #expect((2 * 3 + 6)...(3 * 3 + 6) ~= statistics.acceptedConnections)
    // The budget is whole and no larger: a seventh connection is answered 503 and closed at once
    // (read without writing: the server may close before a request would be written).
    let refused = try await ServerAttacks.connect(port: fixture.port)
    #expect(ServerAttacks.status(of: try await ServerAttacks.readUntilClosed(refused)) == 503)
    refused.close()
    for page in pages { page.close() }
    await fixture.server.stop()
  }

  @Test("an open WebSocket that answers pings stays; one that goes silent is closed at the idle timeout (1001)")
  func idleTimeout() async throws {
    // The server's pings wait on a clock the test steps: no step races the wall clock.
    let clock = SteppedClock()
    let server = WebServer(
      configuration: WebServer.Configuration(port: 0, token: ServerFixture.token, webSocketIdleTimeout: .seconds(60)),
      store: TestStore(), clock: clock
    ) { TestScreen(props: TestScreenProps()) }
    let port = try await server.start()
    let client = try await TestWebSocketClient.connect(port: port, path: ServerFixture.withToken("/"))
    // Five intervals (more than the idle timeout's three), each ping answered.
    for round in 0..<5 {
      await clock.step()
      let ping = try await client.receive()
      #expect(ping.opcode == 0x9)
      try await client.sendFrame(opcode: 0xA, payload: ping.payload)
      // The server has read the pong once it answers a ping sent after it.
      try await client.sendFrame(opcode: 0x9, payload: [UInt8(round)])
      #expect(try await client.receive() == TestWebSocketClient.Frame(opcode: 0xA, payload: [UInt8(round)]))
    }
    #expect(server.statistics.webSocketsTimedOut == 0)
    // Silent from now on: pinged at the next three steps (the first still counts the last
    // answer), closed at the fourth, when three intervals passed without a byte.
    for _ in 0..<3 {
      await clock.step()
      #expect(try await client.receive().opcode == 0x9)
    }
    await clock.step()
    #expect(try await client.receiveClose() == 1001)
    #expect(server.statistics.webSocketsTimedOut == 1)
    client.close()
    await server.stop()
  }

  @Test("frames against RFC 6455 close the connection with 1002 before reaching the session")
  func protocolErrors() async throws {
    let fixture = try await ServerFixture()
    for frame: [UInt8] in [[0x81, 0x03, 0x61, 0x62, 0x63], [0xC1, 0x80, 1, 2, 3, 4], [0x89, 0xFE, 0, 200]] {
      let client = try await fixture.connect()
      try await client.socket.write(Data(frame))
      #expect(try await client.receiveClose() == 1002, "\(frame)")
      client.close()
    }
    #expect(fixture.server.statistics.framesRefused == 3)
    await fixture.server.stop()
  }

  @Test("a text message that is not UTF-8 closes the connection with 1007")
  func invalidUTF8() async throws {
    let fixture = try await ServerFixture()
    let client = try await fixture.connect()
    try await client.sendFrame(opcode: 0x1, payload: [0x7B, 0xC3, 0x28, 0x7D])
    #expect(try await client.receiveClose() == 1007)
    client.close()
    await fixture.server.stop()
  }
}
