import KatanaTesting
import KatanaUI
import Testing

@testable import KatanaTerminal

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
    var written: [String] = []
    let loop = TerminalEventLoop(backend: backend, maximumFramesPerSecond: 10, clock: clock) { written.append($0) }
    loop.drawFrame()
    #expect(loop.framesDrawn == 1)
    // Three changes in the same turn, right after a frame: one frame, 100 ms later.
    for _ in 0..<3 { loop.requestFrame() }
    await clock.waitForSleepers(1)
    #expect(loop.framesDrawn == 1)
    await clock.advance(by: .milliseconds(99))
    #expect(loop.framesDrawn == 1)
    await clock.advance(by: .milliseconds(1))
    for _ in 0..<10_000 where loop.framesDrawn < 2 { await Task.yield() }
    #expect(loop.framesDrawn == 2)
    _ = written
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
}
