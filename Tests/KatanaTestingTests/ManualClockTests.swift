import KatanaTesting
import Testing

@Suite("ManualClock moves only when the test moves it")
struct ManualClockTests {
  /// Records in which order sleepers woke.
  actor Log {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
  }

  @Test("advancing wakes the sleepers whose deadline has come, earliest first")
  func wakesInOrder() async throws {
    let clock = ManualClock()
    let log = Log()
    let late = Task {
      try await clock.sleep(for: .seconds(5))
      await log.append("late")
    }
    let early = Task {
      try await clock.sleep(for: .seconds(2))
      await log.append("early")
    }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(3))
    try await early.value
    #expect(await log.entries == ["early"])
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(2))
    try await late.value
    #expect(await log.entries == ["early", "late"])
    #expect(clock.now == ManualClock.Instant(offset: .seconds(5)))
  }

  @Test("a deadline already reached returns at once")
  func pastDeadline() async throws {
    let clock = ManualClock()
    await clock.advance(by: .seconds(10))
    try await clock.sleep(until: ManualClock.Instant(offset: .seconds(3)))
    #expect(clock.sleeperCount == 0)
  }

  @Test("cancelling a sleeping task throws CancellationError")
  func cancellation() async {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test("waiting for sleepers fails when nobody sleeps")
  func noSleepers() async {
    let clock = ManualClock()
    await expectFailure(containing: "Expected 1 task(s) sleeping on the manual clock") {
      await clock.waitForSleepers(timeout: .milliseconds(50))
    }
  }
}
