// These tests are the ones the article "Testing a Katana app" (and README's Testing section) shows,
// line for line.
import Katana
import KatanaTesting
import KatanaTestSupport
import Testing

@Suite("The README counter app, tested as the docs show")
struct CounterAppTests {
  @Test("incrementing changes exactly the counter")
  func incrementing() async {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())

    await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    await store.dispatch(IncrementCounter()) { $0.counter = 2 }
  }

  @Test("a random number from the manager ends up in the counter")
  func randomNumber() async {
    let store = TestStore<CounterState, AppDependencies>(
      initialState: CounterState(),
      dependencies: { _, _ in AppDependencies(numbers: FakeNumberManager(42), clock: ManualClock()) }
    )

    await store.dispatch(GenerateRandomNumber())
    await store.receive(SetCounter.self) { $0.counter = 42 }
    await store.finish()
  }

  @Test("the README's example: an increment, then a random number from a fake manager")
  func readmeExample() async {
    let store = TestStore<CounterState, AppDependencies>(
      initialState: CounterState(),
      dependencies: { _, _ in AppDependencies(numbers: FakeNumberManager(42), clock: ManualClock()) }
    )

    await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    await store.dispatch(GenerateRandomNumber())
    await store.receive(SetCounter.self) { $0.counter = 42 }
    await store.finish()
  }

  @Test("a received item can be matched by value")
  func receiveByValue() async {
    let store = TestStore<CounterState, AppDependencies>(
      initialState: CounterState(counter: 3),
      dependencies: { _, _ in AppDependencies(numbers: FakeNumberManager(7), clock: ManualClock()) }
    )

    await store.dispatch(GenerateRandomNumber())
    await store.receive(SetCounter(newValue: 7)) { $0.counter = 7 }
    await store.finish()
  }

  @Test("a delayed increment is tested without waiting")
  func delayedIncrement() async {
    let clock = ManualClock()
    let store = TestStore<CounterState, AppDependencies>(
      initialState: CounterState(),
      dependencies: { _, _ in AppDependencies(numbers: FakeNumberManager(), clock: clock) }
    )

    await store.dispatch(IncrementLater(delay: .seconds(60)))
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(60))
    await store.receive(IncrementCounter.self) { $0.counter = 1 }
    await store.finish()
  }

  @Test("a returning side effect hands its value back")
  func returningSideEffect() async throws {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())

    let product = try await store.dispatch(Multiply(a: 5, b: 2)).value
    #expect(product == 10)
    await store.finish()
  }

  @Test("an integration test asserts only what it names")
  func nonExhaustive() async {
    let store = TestStore<CounterState, AppDependencies>(
      initialState: CounterState(),
      exhaustivity: .off,
      dependencies: { _, _ in AppDependencies(numbers: FakeNumberManager(42), clock: ManualClock()) }
    )

    await store.dispatch(IncrementCounter())
    await store.dispatch(GenerateRandomNumber())
    await store.receive(SetCounter.self) { $0.counter = 42 }
    await store.finish()
  }
}
