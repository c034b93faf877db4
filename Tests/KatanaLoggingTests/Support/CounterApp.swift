// The counter app comes from KatanaTestSupport; these are the extra items the logging tests need.
import Katana
import KatanaTestSupport

struct Tick: StateUpdater {
  func updateState(_ state: inout CounterState) {}
}

/// Dispatches `SetCounter(newValue: 42)`, as if a manager had answered.
struct GenerateRandomNumber: SideEffect {
  func sideEffect(_ context: SideEffectContext<CounterState, EmptySideEffectDependencyContainer>) async throws {
    try await context.dispatch(SetCounter(newValue: 42)).value
  }
}

struct Multiply: ReturningSideEffect {
  let a: Int, b: Int
  func sideEffect(_ context: any AnySideEffectContext) async throws -> Int { a * b }
}

struct Broken: Error, CustomStringConvertible {
  var description: String { "the network is down" }
}

struct FailingSideEffect: SideEffect {
  func sideEffect(_ context: SideEffectContext<CounterState, EmptySideEffectDependencyContainer>) async throws {
    throw Broken()
  }
}

/// A state that counts how often it is reflected, to prove diffs are computed only when written.
struct ReflectionCountingState: State, CustomReflectable {
  static let reflections = Locked(0)
  var value = 0

  var customMirror: Mirror {
    Self.reflections.withLock { $0 += 1 }
    return Mirror(self, children: ["value": value])
  }
}

struct BumpValue: StateUpdater {
  func updateState(_ state: inout ReflectionCountingState) { state.value += 1 }
}

typealias CounterStore = Store<CounterState, EmptySideEffectDependencyContainer>

/// A counter store with the given interceptors, ready to use.
func makeStore(_ interceptors: [StoreInterceptor]) async -> CounterStore {
  let store = CounterStore(interceptors: interceptors)
  await store.waitUntilReady()
  return store
}
