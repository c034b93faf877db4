import Katana
import KatanaTesting
import KatanaTestSupport
import Testing

@Suite("Non-exhaustive test stores check only what the test names")
struct NonExhaustiveTests {
  @Test("receive skips earlier received items of other types")
  func skipsItems() async {
    let store = makeCounterStore(exhaustivity: .off)
    await store.dispatch(IncrementThenSet(value: 42))
    await store.receive(SetCounter.self) { $0.counter = 42 }
    await store.finish()
  }

  @Test("state assertions check only the fields the closure sets")
  func namedFieldsOnly() async {
    let store = TestStore<ProfileState, EmptySideEffectDependencyContainer>(
      initialState: ProfileState(), exhaustivity: .off)
    await store.dispatch(Visit(name: "Ada")) { $0.visits = 1 }
  }

  @Test("a named field with the wrong value still fails")
  func wrongNamedField() async {
    let store = TestStore<ProfileState, EmptySideEffectDependencyContainer>(
      initialState: ProfileState(), exhaustivity: .off)
    await expectFailure(containing: "-   visits: 2", "+   visits: 1") {
      await store.dispatch(Visit(name: "Ada")) { $0.visits = 2 }
    }
  }

  @Test("finish tolerates unasserted items and running side effects")
  func lenientFinish() async {
    let store = makeCounterStore(exhaustivity: .off)
    await store.dispatch(IncrementThenSet(value: 3))
    await store.dispatch(IncrementLater(delay: .seconds(1)))
    await store.finish(timeout: .milliseconds(50))
  }

  @Test("exhaustivity can be switched off for part of a test")
  func switchingMidTest() async {
    let store = makeCounterStore()
    store.exhaustivity = .off
    await store.dispatch(IncrementThenSet(value: 5))
    await store.receive(SetCounter.self) { $0.counter = 5 }
    store.exhaustivity = .on
    await store.dispatch(IncrementCounter()) { $0.counter = 6 }
    await store.finish()
  }
}

@Suite("Received items follow the side effects that dispatched them")
struct ReceiveOrderTests {
  @Test("items are received in the order side effects dispatched them, with each state change")
  func order() async {
    let store = makeCounterStore()
    await store.dispatch(IncrementThenSet(value: 9))
    await store.receive(IncrementCounter.self) { $0.counter = 1 }
    await store.receive(SetCounter.self) { $0.counter = 9 }
    await store.finish()
  }

  @Test("side effects dispatched by side effects are received too, then what they dispatch")
  func nested() async {
    let store = makeCounterStore(numbers: FakeNumberManager(1, 2))
    await store.dispatch(GenerateTwice())
    await store.receive(GenerateRandomNumber.self)
    await store.receive(SetCounter(newValue: 1)) { $0.counter = 1 }
    await store.receive(GenerateRandomNumber.self)
    await store.receive(SetCounter(newValue: 2)) { $0.counter = 2 }
    await store.finish()
  }

  @Test("the test's own updaters are never mistaken for received ones")
  func ownDispatchesAreNotReceived() async {
    let store = makeCounterStore(numbers: FakeNumberManager(4))
    await store.dispatch(SetCounter(newValue: 1)) { $0.counter = 1 }
    await store.dispatch(GenerateRandomNumber())
    await store.dispatch(SetCounter(newValue: 2)) { $0.counter = 2 }
    await store.receive(SetCounter(newValue: 4)) { $0.counter = 4 }
    await store.finish()
  }
}
