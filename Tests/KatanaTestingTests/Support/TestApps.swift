// Small apps for the test store's own tests, beside the README counter app.
import Katana
import KatanaTesting

/// A state with two fields, to show which one an assertion missed.
struct ProfileState: State, Equatable {
  var name = ""
  var visits = 0
}

/// Changes both fields.
struct Visit: StateUpdater {
  let name: String

  func updateState(_ state: inout ProfileState) {
    state.name = name
    state.visits += 1
  }
}

/// Dispatches two updaters, one after the other.
struct IncrementThenSet: SideEffect {
  let value: Int

  func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
    try await context.dispatch(IncrementCounter()).value
    try await context.dispatch(SetCounter(newValue: value)).value
  }
}

/// Dispatches another side effect twice.
struct GenerateTwice: SideEffect {
  func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
    try await context.dispatch(GenerateRandomNumber()).value
    try await context.dispatch(GenerateRandomNumber()).value
  }
}

/// Dispatches an updater and returns without waiting for it.
struct FireAndForget: SideEffect {
  func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
    context.dispatch(IncrementCounter())
  }
}

/// Stops every item of type `T` before it reaches the store.
func blocking<T: Dispatchable>(_: T.Type) -> StoreInterceptor {
  { _ in
    { next in
      { item in
        if item is T { throw Blocked() }
        try next(item)
      }
    }
  }
}

struct Blocked: Error {}

/// Builds a test store for the counter app whose managers are the given fakes.
func makeCounterStore(
  numbers: any NumberManager = FakeNumberManager(),
  clock: any Clock<Duration> = ManualClock(),
  initialState: CounterState = CounterState(),
  interceptors: [StoreInterceptor] = [],
  exhaustivity: Exhaustivity = .on,
  timeout: Duration = .seconds(2)
) -> TestStore<CounterState, AppDependencies> {
  TestStore(initialState: initialState, interceptors: interceptors, exhaustivity: exhaustivity, timeout: timeout) {
    _, _ in AppDependencies(numbers: numbers, clock: clock)
  }
}
