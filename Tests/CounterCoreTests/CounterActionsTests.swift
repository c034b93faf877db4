import CounterCore
import Katana
import KatanaTesting
import Testing

/// A container whose numbers come after `latency` on `clock`.
private func dependencies(clock: ManualClock, latency: Duration = .milliseconds(30)) -> AppDependencies {
  AppDependencies(numbers: NumberManager(seed: 42, latency: latency, clock: clock))
}

@Suite("Counter actions")
struct CounterActionsTests {
  @Test("increment, decrement and set change the counter, which may go below zero")
  func updaters() async {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())
    await store.dispatch(CounterActions.Increment()) { $0.counter = 1 }
    await store.dispatch(CounterActions.Decrement()) { $0.counter = 0 }
    await store.dispatch(CounterActions.Decrement()) { $0.counter = -1 }
    await store.dispatch(CounterActions.SetCounter(newValue: 42)) { $0.counter = 42 }
    await store.finish()
  }

  @Test("fetching counts the request, waits for the service on its clock, then shows its number")
  func fetch() async throws {
    let clock = ManualClock()
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState()) { _, _ in
      dependencies(clock: clock)
    }
    let expected = try await NumberManager(seed: 42, latency: .zero, clock: ManualClock()).randomNumber(request: 0)
    let fetch = await store.dispatch(CounterActions.FetchRandomNumber())
    await store.receive("the fetch count", where: { String(describing: type(of: $0)) == "CountFetch" }) {
      $0.fetches = 1
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(30))
    await store.receive(CounterActions.SetCounter(newValue: expected)) { $0.counter = expected }
    try await fetch.value
    await store.finish()
  }

  @Test("doubling sets the counter to twice its value and returns it")
  func double() async throws {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState(counter: 21))
    let doubled = try await store.dispatch(CounterActions.DoubleCounter()).value
    #expect(doubled == 42)
    await store.receive(CounterActions.Multiply.self)
    await store.receive(CounterActions.SetCounter(newValue: 42)) { $0.counter = 42 }
    await store.finish()
  }

  @Test("a returning side effect hands its result back to the dispatcher")
  func multiply() async throws {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())
    #expect(try await store.dispatch(CounterActions.Multiply(a: 5, b: 2)).value == 10)
    await store.finish()
  }

  @Test("the start observer's updater starts the counter from ten")
  func startFromTen() async {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState(counter: 3))
    await store.dispatch(CounterActions.StartFromTen()) { $0.counter = 10 }
    await store.finish()
  }
}

@Suite("Number manager")
struct NumberManagerTests {
  @Test("the same seed and request give the same number, between 0 and 99; requests differ")
  func deterministic() async throws {
    let numbers = NumberManager(seed: 42, latency: .zero, clock: ManualClock())
    let first = try await (0..<20).asyncMap { try await numbers.randomNumber(request: $0) }
    let again = try await (0..<20).asyncMap { try await numbers.randomNumber(request: $0) }
    #expect(first == again)
    #expect(first.allSatisfy { (0..<100).contains($0) })
    #expect(Set(first).count > 10, "successive requests get different numbers")
  }

  @Test("a request waits for its latency on the injected clock")
  func waitsOnClock() async throws {
    let clock = ManualClock()
    let numbers = NumberManager(seed: 7, latency: .seconds(5), clock: clock)
    let request = Task { try await numbers.randomNumber(request: 0) }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1, "still waiting before its latency")
    await clock.advance(by: .seconds(1))
    let number = try await request.value
    #expect((0..<100).contains(number))
  }
}

extension Sequence {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var result: [T] = []
    for element in self { result.append(try await transform(element)) }
    return result
  }
}
