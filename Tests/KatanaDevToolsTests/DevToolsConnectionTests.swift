import Foundation
import KatanaServerSupport
import KatanaTestSupport
import Testing

@testable import KatanaDevTools

@Suite("DevTools connection: the protocol over a real socket")
struct DevToolsConnectionTests {
  @Test("hello carries every recorded item and the status")
  func hello() async throws {
    let source = FakeDevToolsSource(items: 5)
    let fixture = try await DevToolsFixture(source: source)
    let (page, hello) = try await fixture.openPage()
    #expect(hello["type"] as? String == "hello")
    #expect(hello["version"] as? Int == 2)
    #expect(DevToolsPageClient.ids(hello) == [1, 2, 3, 4, 5])
    let status = DevToolsPageClient.status(hello)
    #expect(status["latestSequence"] as? Int == 5)
    #expect(status["capacity"] as? Int == 100)
    #expect(status["paused"] as? Bool == false)
    #expect(status["travelingTo"] == nil)
    let first = try #require((hello["items"] as? [[String: Any]])?.first)
    #expect(first["type"] as? String == "Increment")
    #expect(first["kind"] as? String == "updater")
    #expect(first["parent"] == nil)
    let fourth = try #require((hello["items"] as? [[String: Any]])?[3])
    #expect(fourth["parent"] as? Int == 3)
    page.close()
    await fixture.server.stop()
  }

  @Test("hello holds every item of a large ring, and a batch of more new items than the ring holds keeps the newest")
  func largeRing() async throws {
    let source = FakeDevToolsSource(items: 2500, capacity: 3000)
    let fixture = try await DevToolsFixture(source: source)
    let (page, hello) = try await fixture.openPage()
    #expect(DevToolsPageClient.ids(hello) == Array(1...2500))
    await source.liveStreams.wait("the page subscribed to changes") { $0 == 1 }
    source.record(3100, signal: false)
    source.signal()
    let batch = try await page.receive()
    #expect(DevToolsPageClient.ids(batch) == Array(2601...5600))
    #expect(DevToolsPageClient.status(batch)["dropped"] as? Int == 2600)
    page.close()
    await fixture.server.stop()
  }

  @Test("items recorded after hello are pushed in one batch per change signal, with the status")
  func liveItems() async throws {
    let source = FakeDevToolsSource(items: 2, capacity: 4)
    let fixture = try await DevToolsFixture(source: source)
    let (page, _) = try await fixture.openPage()
    await source.liveStreams.wait("the page subscribed to changes") { $0 == 1 }
    source.record(3, signal: false)
    source.signal()
    let batch = try await page.receive()
    #expect(batch["type"] as? String == "items")
    #expect(DevToolsPageClient.ids(batch) == [3, 4, 5])
    #expect(DevToolsPageClient.status(batch)["dropped"] as? Int == 1)
    source.record(1)
    #expect(DevToolsPageClient.ids(try await page.receive()) == [6])
    page.close()
    await fixture.server.stop()
  }

  @Test("items are sent in recording order, so a side effect recorded after its children is not missed")
  func recordingOrder() async throws {
    let source = FakeDevToolsSource()
    source.record(ids: [1, 2], signal: false)
    let fixture = try await DevToolsFixture(source: source)
    let (page, hello) = try await fixture.openPage()
    #expect(DevToolsPageClient.ids(hello) == [1, 2])
    await source.liveStreams.wait("the page subscribed to changes") { $0 == 1 }
    // Side effect 3 starts, its update 4 is recorded, then 3 when its body ends.
    source.record(ids: [4])
    #expect(DevToolsPageClient.ids(try await page.receive()) == [4])
    source.record(ids: [3])
    let late = try await page.receive()
    #expect(DevToolsPageClient.ids(late) == [3])
    #expect((late["items"] as? [[String: Any]])?.first?["sequence"] as? Int == 4)
    page.close()
    await fixture.server.stop()
  }

  @Test("a page that closes ends its change stream, so the source knows nobody listens")
  func changeStreamEnds() async throws {
    let fixture = try await DevToolsFixture()
    let (page, _) = try await fixture.openPage()
    await fixture.source.liveStreams.wait("the page subscribed") { $0 == 1 }
    page.close()
    await fixture.source.liveStreams.wait("the page's stream ended") { $0 == 0 }
    #expect(fixture.server.statistics.openConnections == 0)
    await fixture.server.stop()
  }

  @Test("jump reaches the source and the page gets the new status; live leaves time travel")
  func jumpAndLive() async throws {
    let fixture = try await DevToolsFixture()
    let (page, _) = try await fixture.openPage()
    try await page.send("jump", #""id":2"#)
    let traveling = try await page.receive()
    #expect(traveling["type"] as? String == "items")
    #expect(DevToolsPageClient.status(traveling)["travelingTo"] as? Int == 2)
    #expect(fixture.source.calls.values == ["jump 2"])
    // A command is always answered, even when the status is the one the page has.
    try await page.send("jump", #""id":2"#)
    #expect(DevToolsPageClient.status(try await page.receive())["travelingTo"] as? Int == 2)
    try await page.send("live")
    let live = try await page.receive()
    #expect(DevToolsPageClient.status(live)["travelingTo"] == nil)
    #expect(fixture.source.calls.values == ["jump 2", "jump 2", "live"])
    page.close()
    await fixture.server.stop()
  }

  @Test("diff and state are answered from the source, for the item asked")
  func diffAndState() async throws {
    let fixture = try await DevToolsFixture()
    let (page, _) = try await fixture.openPage()
    try await page.send("diff", #""id":2"#)
    let diff = try await page.receive()
    #expect(diff["type"] as? String == "diff")
    #expect(diff["id"] as? Int == 2)
    let changes = try #require(diff["changes"] as? [[String: Any]])
    #expect(changes.count == 1)
    #expect(changes.first?["path"] as? String == "counter")
    #expect(changes.first?["old"] as? String == "1")
    #expect(changes.first?["new"] as? String == "2")
    try await page.send("state", #""id":3"#)
    let state = try await page.receive()
    #expect(state["type"] as? String == "state")
    #expect(state["id"] as? Int == 3)
    #expect(state["json"] as? String == #"{"counter":3,"names":["a","b"]}"#)
    page.close()
    await fixture.server.stop()
  }

  @Test("a command the source refuses is answered with its error, and the connection stays open")
  func sourceErrors() async throws {
    let fixture = try await DevToolsFixture(DevToolsServer.Configuration(maximumRejectedMessages: 1))
    let (page, _) = try await fixture.openPage()
    try await page.send("diff", #""id":99"#)
    let unknown = try await page.receive()
    #expect(unknown["type"] as? String == "error")
    #expect(unknown["command"] as? String == "diff")
    #expect(unknown["message"] as? String == DevToolsCommandError.unknownItem(99).description)
    try await page.send("diff", #""id":3"#)
    #expect(try await page.receive()["message"] as? String == DevToolsCommandError.notAnUpdater(3).description)
    try await page.send("import", #""session":"{}""#)
    let invalid = try await page.receive()
    #expect(invalid["command"] as? String == "import")
    #expect((invalid["message"] as? String)?.contains("not a Katana session") == true)
    try await page.send("jump", #""id":1"#)
    #expect(DevToolsPageClient.status(try await page.receive())["travelingTo"] as? Int == 1)
    #expect(fixture.server.statistics.failedCommands == 3)
    #expect(fixture.server.statistics.rejectedMessages == 0)
    page.close()
    await fixture.server.stop()
  }

  @Test("malformed JSON, an unknown command, a missing or wrong token, a missing field: each an error, none reaches the source")
  func refusedMessages() async throws {
    let fixture = try await DevToolsFixture()
    let (page, _) = try await fixture.openPage()
    let token = fixture.token
    let refused: [(message: String, command: String?, says: String)] = [
      ("not json", nil, "malformed"),
      ("[1,2]", nil, "malformed"),
      (#"{"command":"jump","id":1}"#, "jump", "no token"),
      (#"{"token":"\#(token)x","command":"jump","id":1}"#, "jump", "wrong token"),
      (#"{"token":42,"command":"jump","id":1}"#, nil, "malformed"),
      (#"{"token":"\#(token)","command":"rm -rf"}"#, "rm -rf", "unknown command"),
      (#"{"token":"\#(token)"}"#, nil, "missing 'command'"),
      (#"{"token":"\#(token)","command":"jump"}"#, "jump", "needs 'id'"),
      (#"{"token":"\#(token)","command":"jump","id":"2"}"#, nil, "malformed"),
      (#"{"token":"\#(token)","command":"jump","id":0}"#, "jump", "invalid 'id'"),
      (#"{"token":"\#(token)","command":"import"}"#, "import", "needs 'session'"),
    ]
    for (index, entry) in refused.enumerated() {
      try await page.socket.sendText(entry.message)
      let error = try await page.receive()
      #expect(error["type"] as? String == "error", "\(entry.message)")
      #expect(error["command"] as? String == entry.command, "\(entry.message)")
      #expect((error["message"] as? String)?.contains(entry.says) == true, "\(entry.message): \(error)")
      #expect(fixture.server.statistics.rejectedMessages == index + 1)
    }
    try await page.socket.sendFrame(opcode: 0x2, payload: [1, 2, 3])
    #expect((try await page.receive()["message"] as? String)?.contains("binary") == true)
    #expect(fixture.source.calls.values.isEmpty)
    #expect(fixture.server.statistics.connectionsClosedForAbuse == 0)
    page.close()
    await fixture.server.stop()
  }

  @Test("a connection that keeps sending bad commands is closed with 1008")
  func abuseCloses() async throws {
    let fixture = try await DevToolsFixture(DevToolsServer.Configuration(maximumRejectedMessages: 3))
    let (page, _) = try await fixture.openPage()
    for _ in 0..<3 { try await page.socket.sendText("{}") }
    #expect(try await page.socket.receiveClose() == 1008)
    #expect(fixture.server.statistics.connectionsClosedForAbuse == 1)
    #expect(fixture.server.statistics.rejectedMessages == 3)
    page.close()
    await fixture.server.stop()
  }

  @Test("a message over the size cap closes the connection with 1009 on the frame header that passes it; the source never sees it")
  func oversized() async throws {
    let fixture = try await DevToolsFixture(DevToolsServer.Configuration(maximumMessageBytes: 4096))
    let (page, _) = try await fixture.openPage()
    let session = String(repeating: "a", count: 3000)
    let start = Array(#"{"token":"\#(fixture.token)","command":"import","session":"\#(session)"#.utf8)
    try await page.socket.sendFrame(opcode: 0x1, payload: start, fin: false)
    try await page.socket.sendFrame(opcode: 0x0, payload: Array(session.utf8), fin: false)
    #expect(try await page.socket.receiveClose() == 1009)
    #expect(fixture.source.calls.values.isEmpty)
    #expect(fixture.server.statistics.shared.framesRefused == 1)
    // No byte of it reached the session.
    #expect(fixture.server.statistics.shared.largestMessageForwarded < start.count)
    page.close()
    await fixture.server.stop()
  }

  @Test("the default cap takes a multi-megabyte import, split over frames")
  func largeImportFits() async throws {
    #expect(DevToolsServer.Configuration().maximumMessageBytes == 8 * 1024 * 1024)
    let fixture = try await DevToolsFixture()
    let (page, _) = try await fixture.openPage()
    let session = String(repeating: "x", count: 3 * 1024 * 1024)
    let text = Array(#"{"token":"\#(fixture.token)","command":"import","session":"\#(session)"}"#.utf8)
    let half = text.count / 2
    try await page.socket.sendFrame(opcode: 0x1, payload: Array(text[..<half]), fin: false)
    try await page.socket.sendFrame(opcode: 0x0, payload: Array(text[half...]))
    // The fake accepts only its own file: reaching it proves the 3 MiB message was accepted.
    let error = try await page.receive()
    #expect(error["command"] as? String == "import")
    #expect(fixture.source.calls.values == ["import"])
    page.close()
    await fixture.server.stop()
  }

  @Test("pause and resume reach the source and the page sees the status")
  func pause() async throws {
    let fixture = try await DevToolsFixture()
    let (page, _) = try await fixture.openPage()
    try await page.send("pause")
    #expect(DevToolsPageClient.status(try await page.receive())["paused"] as? Bool == true)
    try await page.send("resume")
    #expect(DevToolsPageClient.status(try await page.receive())["paused"] as? Bool == false)
    #expect(fixture.source.calls.values == ["pause", "resume"])
    page.close()
    await fixture.server.stop()
  }

  @Test("export sends the session file; import replays one and sends a fresh hello")
  func exportAndImport() async throws {
    let fixture = try await DevToolsFixture()
    let (page, _) = try await fixture.openPage()
    try await page.send("export")
    let exported = try await page.receive()
    #expect(exported["type"] as? String == "exported")
    let file = try #require(exported["file"] as? String)
    #expect(file == FakeDevToolsSource.sessionFile)
    let escaped = String(decoding: try JSONSerialization.data(withJSONObject: [file], options: .fragmentsAllowed), as: UTF8.self)
    try await page.send("import", #""session":\#(escaped.dropFirst().dropLast())"#)
    let imported = try await page.receive()
    #expect(imported["type"] as? String == "imported")
    #expect(imported["count"] as? Int == 2)
    let hello = try await page.receive()
    #expect(hello["type"] as? String == "hello")
    #expect(DevToolsPageClient.ids(hello) == [5, 6])
    page.close()
    await fixture.server.stop()
  }

  @Test("pings are answered")
  func ping() async throws {
    let fixture = try await DevToolsFixture()
    let (page, _) = try await fixture.openPage()
    try await page.socket.sendFrame(opcode: 0x9, payload: Array("hi".utf8))
    #expect(try await page.socket.receive() == TestWebSocketClient.Frame(opcode: 0xA, payload: Array("hi".utf8)))
    page.close()
    await fixture.server.stop()
  }
}

@Suite("DevTools connection: a page that stops reading")
struct DevToolsSlowPageTests {
  @Test("is dropped once its pending messages pass the cap")
  func slowPage() async throws {
    let context = DevToolsServerContext(
      configuration: DevToolsServer.Configuration(maximumPendingMessages: 4), source: FakeDevToolsSource(items: 3),
      clock: SystemSocketClock())
    let site = DevToolsRequestHandler(context: context)
    // The socket loop's own queue, which nothing reads here: a page that stopped reading.
    let outbox = SocketOutbox(capacity: 4) { site.countDroppedForSlowness() }
    let session = await site.openSession(output: outbox.output)
    // The hello, then one reply per command: eleven messages for a page that reads none.
    for _ in 0..<10 {
      let text = #"{"token":"\#(context.configuration.token)","command":"state","id":1}"#
      _ = await session.receive(.text(Data(text.utf8)))
    }
    await session.end()
    outbox.finish()
    var received = 0
    for await _ in outbox.frames { received += 1 }
    #expect(received == 4)
    #expect(context.statistics.withLock { $0 }.connectionsDroppedForSlowness == 1)
  }
}
