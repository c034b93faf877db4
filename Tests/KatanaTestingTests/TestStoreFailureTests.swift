import Katana
import KatanaTesting
import KatanaTestSupport
import Testing

@Suite("Each way a test can be wrong fails it")
struct TestStoreFailureTests {
  @Test("a wrong expectation fails with a diff that names the field")
  func wrongExpectation() async {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())
    await expectFailure(containing: "IncrementCounter does not match", "- CounterState(counter: 2)", "+ CounterState(counter: 1)") {
      await store.dispatch(IncrementCounter()) { $0.counter = 2 }
    }
  }

  @Test("a change the closure does not describe fails, naming the missed field")
  func undescribedChange() async {
    let store = TestStore<ProfileState, EmptySideEffectDependencyContainer>(initialState: ProfileState())
    await expectFailure(containing: "-   name: \"\",", "+   name: \"Ada\",") {
      await store.dispatch(Visit(name: "Ada")) { $0.visits = 1 }
    }
  }

  @Test("an updater dispatched without a closure must not change the state")
  func missingClosure() async {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())
    await expectFailure(containing: "- CounterState(counter: 0)", "+ CounterState(counter: 1)") {
      await store.dispatch(IncrementCounter())
    }
  }

  @Test("a failure is reported at the line of the call that failed")
  func failureLocation() async {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())
    let expectedLine = #line + 2
    await withKnownIssue {
      await store.dispatch(IncrementCounter()) { $0.counter = 5 }
    } matching: { issue in
      issue.sourceLocation?.line == expectedLine && issue.sourceLocation?.fileID.hasSuffix("TestStoreFailureTests.swift") == true
    }
  }

  @Test("a closure that describes no change fails when the item changed nothing")
  func closureWithoutChange() async {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())
    await expectFailure(containing: "did not change the state", "omit the closure") {
      await store.dispatch(SetCounter(newValue: 0)) { $0.counter = 0 }
    }
  }

  @Test("an updater stopped by an interceptor is reported with its error")
  func failingUpdater() async {
    let store = TestStore<CounterState, AppDependencies>(
      initialState: CounterState(), interceptors: [blocking(IncrementCounter.self)])
    await expectFailure(containing: "IncrementCounter failed", "Blocked") {
      await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    }
  }

  @Test("receiving an item other than the next one dispatched fails, naming both")
  func receiveWrongType() async {
    let store = makeCounterStore(numbers: FakeNumberManager(42))
    await store.dispatch(GenerateRandomNumber())
    await expectFailure(
      containing: "Expected to receive KatanaTestSupport.IncrementCounter",
      "was KatanaTestSupport.SetCounter (dispatched by KatanaTestingTests.GenerateRandomNumber)"
    ) {
      await store.receive(IncrementCounter.self) { $0.counter = 1 }
    }
    await store.finish()
  }

  @Test("received items must be asserted in the order they were dispatched")
  func receiveOutOfOrder() async {
    let store = makeCounterStore()
    await store.dispatch(IncrementThenSet(value: 9))
    await expectFailure(containing: "Expected to receive KatanaTestSupport.SetCounter", "was KatanaTestSupport.IncrementCounter") {
      await store.receive(SetCounter.self) { $0.counter = 9 }
    }
    await store.receive(SetCounter.self) { $0.counter = 9 }
    await store.finish()
  }

  @Test("receiving an item with another value fails with a diff of the values")
  func receiveWrongValue() async {
    let store = makeCounterStore(numbers: FakeNumberManager(7))
    await store.dispatch(GenerateRandomNumber())
    await expectFailure(containing: "not the expected value", "- SetCounter(newValue: 8)", "+ SetCounter(newValue: 7)") {
      await store.receive(SetCounter(newValue: 8)) { $0.counter = 7 }
    }
    await store.finish()
  }

  @Test("receiving when nothing runs fails at once, without waiting for the timeout")
  func receiveNothing() async {
    let store = makeCounterStore(timeout: .seconds(30))
    // Only the no-wait path says "nothing more was dispatched"; a wait would end in "Timed out".
    await expectFailure(containing: "nothing more was dispatched and no side effect is running") {
      await store.receive(SetCounter.self)
    }
  }

  @Test("receive times out while a side effect waits on a clock nobody advances")
  func receiveTimeout() async {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock)
    await store.dispatch(IncrementLater(delay: .seconds(1)))
    await expectFailure(containing: "Timed out", "Still running: KatanaTestingTests.IncrementLater", "advance the clock") {
      await store.receive(IncrementCounter.self, timeout: .milliseconds(100)) { $0.counter = 1 }
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await store.receive(IncrementCounter.self) { $0.counter = 1 }
    await store.finish()
  }

  @Test("a closure for a received side effect fails: side effects change state only through updaters")
  func closureForSideEffect() async {
    let store = makeCounterStore(numbers: FakeNumberManager(1, 2))
    await store.dispatch(GenerateTwice())
    await expectFailure(containing: "GenerateRandomNumber is a side effect") {
      await store.receive(GenerateRandomNumber.self) { $0.counter = 1 }
    }
    await store.receive(SetCounter(newValue: 1)) { $0.counter = 1 }
    await store.receive(GenerateRandomNumber.self)
    await store.receive(SetCounter(newValue: 2)) { $0.counter = 2 }
    await store.finish()
  }

  @Test("finish fails for received items nobody asserted, showing their call site and state change")
  func finishWithUnassertedItems() async {
    let store = makeCounterStore(numbers: FakeNumberManager(42))
    await store.dispatch(GenerateRandomNumber())
    await expectFailure(
      containing: "1 received item(s) were not asserted",
      // GenerateRandomNumber's `context.dispatch` is on line 10 of Support/CounterApp.swift.
      "KatanaTestSupport.SetCounter (dispatched by KatanaTestingTests.GenerateRandomNumber)"
        + " at KatanaTestingTests/CounterApp.swift:10",
      "+ CounterState(counter: 42)"
    ) {
      await store.finish()
    }
  }

  @Test("an updater dispatched without awaiting by a finished side effect is still caught by finish")
  func finishCatchesFireAndForget() async {
    let store = makeCounterStore()
    await store.dispatch(FireAndForget())
    await expectFailure(containing: "1 received item(s) were not asserted", "IncrementCounter") {
      await store.finish()
    }
  }

  @Test("finish fails while a side effect is still running")
  func finishWithRunningSideEffect() async {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock)
    await store.dispatch(IncrementLater(delay: .seconds(1)))
    await expectFailure(containing: "1 item(s) are still running", "KatanaTestingTests.IncrementLater") {
      await store.finish(timeout: .milliseconds(100))
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await store.receive(IncrementCounter.self) { $0.counter = 1 }
  }

  @Test("a side effect the test dispatched that failed is reported unless the test awaited it")
  func unobservedFailure() async {
    let store = makeCounterStore(numbers: FakeNumberManager())
    await store.dispatch(GenerateRandomNumber())
    await expectFailure(containing: "failed, and the test never awaited", "OutOfNumbers") {
      await store.finish()
    }
  }

  @Test("awaiting a failed side effect's value hands its error to the test")
  func observedFailure() async {
    let store = makeCounterStore(numbers: FakeNumberManager())
    await #expect(throws: FakeNumberManager.OutOfNumbers.self) {
      try await store.dispatch(GenerateRandomNumber()).value
    }
    await store.finish()
  }

  @Test("a test store released while a side effect runs reports it, without crashing")
  func releasedWhileRunning() async {
    let clock = ManualClock()
    await expectFailure(containing: "released without `await store.finish()`", "1 item(s) are still running", "IncrementLater") {
      let store = makeCounterStore(clock: clock)
      await store.dispatch(IncrementLater(delay: .seconds(1)))
      await clock.waitForSleepers()
    }
    // The orphaned side effect wakes up to a released store: its dispatch fails, nothing crashes.
    await clock.advance(by: .seconds(1))
  }

  @Test("work dispatched after finish is checked again when the test store is released")
  func dispatchAfterFinish() async {
    await expectFailure(containing: "released without `await store.finish()`", "KatanaTestSupport.SetCounter") {
      let store = makeCounterStore(numbers: FakeNumberManager(1, 2))
      try? await store.dispatch(GenerateRandomNumber()).value
      await store.receive(SetCounter.self) { $0.counter = 1 }
      await store.finish()
      try? await store.dispatch(GenerateRandomNumber()).value
    }
  }

  @Test("a test store released without finish reports what was left over")
  func releasedWithoutFinish() async {
    await expectFailure(containing: "released without `await store.finish()`", "KatanaTestSupport.SetCounter") {
      let store = makeCounterStore(numbers: FakeNumberManager(42))
      try? await store.dispatch(GenerateRandomNumber()).value
    }
  }
}
