import KatanaTesting
import KatanaUI
import Testing

@testable import KatanaTerminal

import class KatanaTestSupport.Watched

@MainActor
@Suite("Frame cap and event loop")
struct TerminalEventLoopTests {
  @Test("the limiter defers a frame requested too soon to the end of the interval")
  func limiter() {
    var limiter = FrameLimiter(maximumFramesPerSecond: 20)
    #expect(limiter.minimumInterval == .milliseconds(50))
    #expect(limiter.frameTime(requestedAt: .milliseconds(3)) == .milliseconds(3))
    limiter.recordFrame(at: .milliseconds(10))
    #expect(limiter.frameTime(requestedAt: .milliseconds(20)) == .milliseconds(60))
    #expect(limiter.frameTime(requestedAt: .milliseconds(75)) == .milliseconds(75))
    #expect(FrameLimiter(maximumFramesPerSecond: 0).minimumInterval == .seconds(1))
  }

  @Test("many changes in one turn draw one frame, and the cap holds the next one until the clock allows")
  func coalescingAndCap() async {
    let clock = ManualClock()
    let backend = TerminalBackend(size: TerminalSize(columns: 10, rows: 3))
    let writes = Watched(0)
    let loop = TerminalEventLoop(backend: backend, maximumFramesPerSecond: 10, clock: clock) { _ in
      writes.update { $0 += 1 }
    }
    loop.drawFrame()
    #expect(loop.framesDrawn == 1)
    let writesBefore = writes.value
    // Three changes in the same turn, right after a frame: one frame, 100 ms later. The first one
    // shows a label, so that frame writes something the test can wait for.
    backend.apply(mount(1, .label, LabelProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 10, height: 1)
      $0.text = "changed"
    }, at: 0))
    for _ in 0..<3 { loop.requestFrame() }
    await clock.waitForSleepers(1)
    #expect(loop.framesDrawn == 1)
    await clock.advance(by: .milliseconds(99))
    #expect(loop.framesDrawn == 1)
    await clock.advance(by: .milliseconds(1))
    await writes.wait("the deferred frame is written") { $0 > writesBefore }
    #expect(loop.framesDrawn == 2)
    #expect(writes.value == writesBefore + 1)
  }

  @Test("the loop handles events until a quit key, which the backend never sees")
  func quitKey() async {
    let backend = TerminalBackend(size: TerminalSize(columns: 20, rows: 5))
    let sink = RecordingSink()
    backend.attach(sink)
    backend.apply(mount(1, .button, TestProps(0, 0, 5, 2), at: 0))
    let loop = TerminalEventLoop(backend: backend, clock: ManualClock(), quitKeys: [.character("q")]) { _ in }
    let events: [TerminalEvent] = [.key(.character("x")), .key(.character("q")), .key(.character("y"))]
    let stream = AsyncStream<TerminalEvent> { continuation in
      for event in events { continuation.yield(event) }
      continuation.finish()
    }
    await loop.run(events: stream)
    #expect(sink.events(for: .id(1)) == [.key(KeyPress(.character("x")))])
  }

  @Test("a resize event makes the next frame a full redraw at the new size")
  func resizeRedraws() async {
    let backend = TerminalBackend(size: TerminalSize(columns: 10, rows: 3))
    var written: [String] = []
    let loop = TerminalEventLoop(backend: backend, clock: ManualClock()) { written.append($0) }
    let stream = AsyncStream<TerminalEvent> { continuation in
      continuation.yield(.resize(TerminalSize(columns: 12, rows: 4)))
      continuation.finish()
    }
    await loop.run(events: stream)
    loop.drawFrame()
    #expect(backend.size == TerminalSize(columns: 12, rows: 4))
    #expect(written.last?.hasPrefix("\u{1B}[0m\u{1B}[2J") == true)
  }

  @Test("a suspend key suspends and never reaches the backend; without a suspend action it is an ordinary key")
  func suspendKey() async {
    let backend = TerminalBackend(size: TerminalSize(columns: 20, rows: 5))
    let sink = RecordingSink()
    backend.attach(sink)
    backend.apply(mount(1, .button, TestProps(0, 0, 5, 2), at: 0))
    let loop = TerminalEventLoop(backend: backend, clock: ManualClock()) { _ in }
    loop.suspendKeys = [.control("z")]
    var suspensions = 0
    loop.onSuspend = { suspensions += 1 }
    let events: [TerminalEvent] = [.key(.control("z")), .key(.character("x")), .key(.control("z"))]
    func stream() -> AsyncStream<TerminalEvent> {
      AsyncStream { continuation in
        for event in events { continuation.yield(event) }
        continuation.finish()
      }
    }
    await loop.run(events: stream())
    #expect(suspensions == 2)
    #expect(sink.events(for: .id(1)) == [.key(KeyPress(.character("x")))])
    // Opted out: the app gets Ctrl-Z.
    loop.onSuspend = nil
    await loop.run(events: stream())
    #expect(suspensions == 2)
    #expect(sink.events(for: .id(1)).count == 4)
  }

  @Test("a resume after a stop redraws every cell at the size read again, even when it did not change")
  func resumeRedraws() async {
    let clock = ManualClock()
    let backend = TerminalBackend(size: TerminalSize(columns: 10, rows: 3))
    backend.apply(mount(1, .label, LabelProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 10, height: 2)
      $0.text = "hello"
    }, at: 0))
    // Every frame here writes (the first, then a full redraw per resume): wait on the writes.
    let written = Watched([String]())
    let loop = TerminalEventLoop(backend: backend, clock: clock) { text in written.update { $0.append(text) } }
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    let running = Task { await loop.run(events: stream) }
    await written.wait("the first frame") { $0.count >= 1 }
    #expect(written.value == ["\u{1B}[0m\u{1B}[2J\u{1B}[Hhello"])
    continuation.yield(.resume(TerminalSize(columns: 10, rows: 3)))
    await clock.advance(by: .seconds(1))
    await written.wait("the redraw after the first resume") { $0.count >= 2 }
    #expect(written.value.last == "\u{1B}[0m\u{1B}[2J\u{1B}[Hhello")
    continuation.yield(.resume(TerminalSize(columns: 12, rows: 4)))
    await clock.advance(by: .seconds(1))
    await written.wait("the redraw after the second resume") { $0.count >= 3 }
    #expect(backend.size == TerminalSize(columns: 12, rows: 4))
    #expect(written.value.count == 3)
    #expect(loop.framesDrawn == 3)
    continuation.finish()
    await running.value
  }
}
