import Katana
import KatanaTestSupport
import KatanaTesting
import Testing

/// The disk is full: what `Save` throws.
struct DiskFull: Error {}

/// Writes the counter to disk; the disk is always full here.
struct Save: SideEffect {
  func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
    throw DiskFull()
  }
}

/// Saves after every increment: an observer dispatches it, nobody in the test does.
struct AutoSave: SideEffect, DispatchObserverDispatchable {
  init() {}

  init?(dispatchedItem: any Dispatchable, prevState: any State, currentState: any State) {}

  func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
    try await context.dispatch(Save()).value
  }
}

/// A counter store that auto-saves after each increment.
func makeAutoSavingStore(exhaustivity: Exhaustivity = .on) -> TestStore<CounterState, AppDependencies> {
  makeCounterStore(
    interceptors: [ObserverInterceptor.observe([.onDispatch(IncrementCounter.self, [AutoSave.self])])],
    exhaustivity: exhaustivity)
}

@Suite("Side effects that fail during an exhaustive test fail it unless asserted")
struct SideEffectFailureTests {
  @Test("received side effects that failed are reported by finish, with their errors")
  func receivedFailuresAreReported() async {
    let store = makeAutoSavingStore()
    await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    await store.receive(AutoSave.self)
    await store.receive(Save.self)
    await expectFailure(
      containing: "2 side effect(s) failed and the test did not assert it",
      "KatanaTestingTests.AutoSave (dispatched by KatanaTestSupport.IncrementCounter): DiskFull()",
      "KatanaTestingTests.Save (dispatched by KatanaTestingTests.AutoSave): DiskFull()"
    ) {
      await store.finish()
    }
  }

  @Test("failures asserted with receive(_:failing:) pass")
  func assertedFailuresPass() async {
    let store = makeAutoSavingStore()
    await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    await store.receive(AutoSave.self, failing: DiskFull.self)
    await store.receive(Save.self, failing: DiskFull.self)
    await store.finish()
  }

  @Test("asserting only one of two failures still fails the test, naming the other")
  func oneOfTwo() async {
    let store = makeAutoSavingStore()
    await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    await store.receive(AutoSave.self)
    await store.receive(Save.self, failing: DiskFull.self)
    await expectFailure(containing: "1 side effect(s) failed", "KatanaTestingTests.AutoSave") {
      await store.finish()
    }
  }

  @Test("an item that succeeds fails receive(_:failing:)")
  func succeeded() async {
    let store = makeCounterStore(numbers: FakeNumberManager(1, 2))
    await store.dispatch(GenerateTwice())
    await expectFailure(
      containing: "Expected KatanaTestingTests.GenerateRandomNumber to fail with KatanaTestingTests.DiskFull, but it succeeded"
    ) {
      await store.receive(GenerateRandomNumber.self, failing: DiskFull.self)
    }
    await store.receive(SetCounter(newValue: 1)) { $0.counter = 1 }
    await store.receive(GenerateRandomNumber.self)
    await store.receive(SetCounter(newValue: 2)) { $0.counter = 2 }
    await store.finish()
  }

  @Test("a failure with another error type fails receive(_:failing:), naming both")
  func otherError() async {
    struct Other: Error {}
    let store = makeAutoSavingStore()
    await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    await store.receive(AutoSave.self, failing: DiskFull.self)
    await expectFailure(containing: "to fail with", "Other (private), but it failed with KatanaTestingTests.DiskFull: DiskFull()") {
      await store.receive(Save.self, failing: Other.self)
    }
    await store.finish()
  }

  @Test("a non-exhaustive test does not fail for received failures")
  func nonExhaustive() async {
    let store = makeAutoSavingStore(exhaustivity: .off)
    await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    await store.receive(Save.self)
    await store.finish()
  }
}
