import Katana

/// A console run of the counter app: builds the store with a logger and an observer, dispatches
/// updaters and side effects, and prints what happens.
@main
enum CounterApp {
  static func main() async throws {
    let store = Store<CounterState, AppDependencies>(
      interceptors: [
        // Log every handled item except the increments, which the listener already shows.
        DispatchableLogger.interceptor(blackList: [CounterActions.Increment.self]) { line in
          print("  log  \(line)")
        },
        ObserverInterceptor.observe([.onStart([CounterActions.StartFromTen.self])]),
      ],
      stateInitializer: { CounterState() }
    )
    store.addListener { old, new in
      print("  state counter \(old.counter) → \(new.counter)")
    }

    print("Store created; ready: \(store.isReady)")
    await store.waitUntilReady()
    print("Store ready; the observer's onStart reaction sets the counter to 10")

    print("Increment three times")
    for _ in 1...3 {
      try await store.dispatch(CounterActions.Increment()).value
    }

    print("Fetch a number from the (simulated) service")
    try await store.dispatch(CounterActions.FetchRandomNumber()).value

    print("Multiply 5 × 2 with a returning side effect")
    let product = try await store.dispatch(CounterActions.Multiply(a: 5, b: 2)).value
    print("  result \(product)")

    print("Double the counter")
    let doubled = try await store.dispatch(CounterActions.DoubleCounter()).value
    print("  result \(doubled)")

    print("Final counter: \(store.state.counter) after \(store.state.fetches) fetch(es)")
  }
}
