import Katana
import KatanaTesting
import KatanaTestSupport
import Testing

@Suite("TestStoreTask.retry runs the test's item again, as Store's retry does")
struct TestStoreTaskTests {
  @Test("a side effect that fails twice succeeds on the third attempt; what it dispatched is received")
  func succeedsOnThirdAttempt() async throws {
    let numbers = FlakyNumberManager(failures: 2, then: 5)
    let store = makeCounterStore(numbers: numbers)

    try await store.dispatch(GenerateRandomNumber()).retry(3).value

    #expect(await numbers.calls == 3)
    await store.receive(SetCounter(newValue: 5)) { $0.counter = 5 }
    await store.finish()
  }

  @Test("after the last attempt the value rethrows the last error, and no attempt is received")
  func lastErrorAfterAllAttempts() async {
    let numbers = FlakyNumberManager(failures: 5, then: 1)
    let store = makeCounterStore(numbers: numbers)

    await #expect(throws: FlakyNumberManager.Flaky.self) {
      try await store.dispatch(GenerateRandomNumber()).retry(3).value
    }

    #expect(await numbers.calls == 3)
    await store.finish()
  }

  @Test("retry(1) never runs the item again")
  func oneAttempt() async {
    let numbers = FlakyNumberManager(failures: 1, then: 1)
    let store = makeCounterStore(numbers: numbers)

    await #expect(throws: FlakyNumberManager.Flaky.self) {
      try await store.dispatch(GenerateRandomNumber()).retry(1).value
    }

    #expect(await numbers.calls == 1)
    await store.finish()
  }

  @Test("finish waits for the retries, then reports only the last failure nobody awaited")
  func finishWaitsAndReportsLastFailure() async {
    let numbers = FlakyNumberManager(failures: 5, then: 1)
    let store = makeCounterStore(numbers: numbers)

    _ = await store.dispatch(GenerateRandomNumber()).retry(4)

    await expectFailure(containing: "1 side effect(s) the test dispatched failed", "GenerateRandomNumber: Flaky()") {
      await store.finish()
    }
    #expect(await numbers.calls == 4)
  }

  @Test("a retried updater that an interceptor keeps failing fails with the interceptor's error")
  func retriedUpdater() async {
    let store = makeCounterStore(interceptors: [blocking(IncrementCounter.self)])
    await expectFailure(containing: "IncrementCounter failed", "Blocked") {
      await #expect(throws: Blocked.self) {
        try await store.dispatch(IncrementCounter()).retry(2).value
      }
    }
    await store.finish()
  }
}

@Suite("TestStoreTask.cancel stops a running side effect from the test")
struct TestStoreTaskCancelTests {
  @Test("a side effect sleeping on the clock is cancelled: it never dispatches, and finish passes")
  func cancelSleepingSideEffect() async {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock)
    let reminder = await store.dispatch(IncrementLater(delay: .seconds(60)))
    await clock.waitForSleepers()

    reminder.cancel()

    await #expect(throws: CancellationError.self) { try await reminder.value }
    await clock.advance(by: .seconds(60))
    await store.finish()
    #expect(store.state.counter == 0)
  }

  @Test("without cancel the same test fails: the side effect is still running")
  func withoutCancel() async {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock)
    await store.dispatch(IncrementLater(delay: .seconds(60)))
    await clock.waitForSleepers()
    await expectFailure(containing: "1 item(s) are still running", "KatanaTestingTests.IncrementLater") {
      await store.finish(timeout: .milliseconds(100))
    }
    await clock.advance(by: .seconds(60))
    await store.receive(IncrementCounter.self) { $0.counter = 1 }
  }

  @Test("a cancelled retry runs no more attempts")
  func cancelRetry() async {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock)
    let retried = await store.dispatch(IncrementLater(delay: .seconds(60))).retry(3)
    await clock.waitForSleepers()

    retried.cancel()

    await #expect(throws: CancellationError.self) { try await retried.value }
    await store.finish()
    #expect(clock.sleeperCount == 0)
    #expect(store.state.counter == 0)
  }
}
