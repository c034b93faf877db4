import Katana
@testable import KatanaTesting
import KatanaTestSupport
import Testing

/// Collects what a test store lists as skipped.
final class SkippedLog: Sendable {
  private let messages = Recorder<String>()

  var all: [String] { messages.values }

  /// Runs `body` with the log watching what the test store skips.
  func watch(_ body: () async -> Void) async {
    await SkippedAssertions.$observer.withValue({ message in self.messages.append(message) }) {
      await body()
    }
  }
}

@Suite("Non-exhaustive test stores can list what they skipped")
struct ShowSkippedAssertionsTests {
  @Test("skipped received items, undescribed fields and leftovers at finish are listed, and the test passes")
  func listsSkipped() async {
    let log = SkippedLog()
    let clock = ManualClock()
    await log.watch {
      let store = makeCounterStore(clock: clock, exhaustivity: .off(showSkippedAssertions: true))
      await store.dispatch(IncrementThenSet(value: 42))
      await store.receive(SetCounter.self) { $0.counter = 42 }
      let profiles = TestStore<ProfileState, EmptySideEffectDependencyContainer>(
        initialState: ProfileState(), exhaustivity: .off(showSkippedAssertions: true))
      await profiles.dispatch(Visit(name: "Ada")) { $0.visits = 1 }
      await store.dispatch(IncrementLater(delay: .seconds(1)))
      await store.finish(timeout: .milliseconds(50))
    }
    let messages = log.all
    #expect(messages.count == 3)
    #expect(messages.first?.contains("Skipped receiving 1 item(s) before KatanaTestSupport.SetCounter") == true)
    #expect(messages.first?.contains("KatanaTestSupport.IncrementCounter (dispatched by KatanaTestingTests.IncrementThenSet)") == true)
    #expect(messages.dropFirst().first?.contains("Skipped asserting part of the state change after KatanaTestingTests.Visit") == true)
    #expect(messages.dropFirst().first?.contains("+   name: \"Ada\"") == true)
    #expect(messages.last?.contains("Skipped at finish") == true)
    #expect(messages.last?.contains("KatanaTestingTests.IncrementLater") == true)
  }

  @Test("plain .off lists nothing")
  func offListsNothing() async {
    let log = SkippedLog()
    await log.watch {
      let store = makeCounterStore(exhaustivity: .off)
      await store.dispatch(IncrementThenSet(value: 42))
      await store.receive(SetCounter.self) { $0.counter = 42 }
      await store.finish()
    }
    #expect(log.all.isEmpty)
    #expect(Exhaustivity.off == .off(showSkippedAssertions: false))
  }
}

@Suite("Skipping received items and running side effects, and asserting the state alone")
struct TestStoreSkippingTests {
  @Test("skipReceived drops what side effects dispatched so far; assert then describes its whole change")
  func skipThenAssert() async {
    let store = makeCounterStore()
    try? await store.dispatch(IncrementThenSet(value: 9)).value
    await store.skipReceived()
    await store.assert { $0.counter = 9 }
    await store.finish()
  }

  @Test("items dispatched after skipReceived must still be received")
  func laterItemsStillCount() async {
    let store = makeCounterStore(numbers: FakeNumberManager(3))
    try? await store.dispatch(IncrementThenSet(value: 9)).value
    await store.skipReceived()
    await store.dispatch(GenerateRandomNumber())
    await expectFailure(containing: "1 received item(s) were not asserted", "KatanaTestSupport.SetCounter") {
      await store.finish()
    }
  }

  @Test("a wrong state assertion fails with a diff")
  func wrongAssert() async {
    let store = makeCounterStore()
    try? await store.dispatch(IncrementThenSet(value: 9)).value
    await store.skipReceived()
    await expectFailure(containing: "- CounterState(counter: 8)", "+ CounterState(counter: 9)") {
      await store.assert { $0.counter = 8 }
    }
    await store.finish()
  }

  @Test("a non-exhaustive assert checks only the fields the closure sets")
  func nonExhaustiveAssert() async {
    let store = TestStore<ProfileState, EmptySideEffectDependencyContainer>(
      initialState: ProfileState(), exhaustivity: .off)
    await store.dispatch(Visit(name: "Ada"))
    await store.assert { $0.visits = 1 }
    await expectFailure(containing: "-   visits: 2", "+   visits: 1") {
      await store.assert { $0.visits = 2 }
    }
  }

  @Test("a side effect running forever is skipped: finish neither waits for it nor reports it")
  func skipInFlight() async {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock)
    await store.dispatch(IncrementLater(delay: .seconds(60)))
    await clock.waitForSleepers()
    await store.skipInFlightSideEffects()
    await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    await store.finish(timeout: .seconds(30))
  }

  @Test("what a skipped side effect dispatches later need not be received")
  func skippedSideEffectDispatches() async {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock)
    await store.dispatch(IncrementLater(delay: .seconds(60)))
    await clock.waitForSleepers()
    await store.skipInFlightSideEffects()
    await clock.advance(by: .seconds(60))
    await store.dispatch(SetCounter(newValue: 5)) { $0.counter = 5 }
    await store.finish()
  }

  @Test("receive does not wait for skipped side effects")
  func receiveIgnoresSkipped() async {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock, timeout: .seconds(30))
    await store.dispatch(IncrementLater(delay: .seconds(60)))
    await clock.waitForSleepers()
    await store.skipInFlightSideEffects()
    // Only the no-wait path says "nothing more was dispatched"; a wait would end in "Timed out".
    await expectFailure(containing: "nothing more was dispatched and no side effect is running") {
      await store.receive(IncrementCounter.self)
    }
    await store.finish()
  }
}
