import Katana
import KatanaObservation
import KatanaSupport

struct CounterState: State, Equatable {
  var counter = 0
  var label = ""
}

typealias CounterStore = Store<CounterState, EmptySideEffectDependencyContainer>

struct SetCounter: StateUpdater {
  var value: Int
  func updateState(_ state: inout CounterState) { state.counter = value }
}

struct SetLabel: StateUpdater {
  var label: String
  func updateState(_ state: inout CounterState) { state.label = label }
}

/// A Tempura-style view model: no model for a negative counter.
struct CounterViewModel: ViewModelWithState {
  var text: String

  init?(state: CounterState) {
    guard state.counter >= 0 else { return nil }
    text = "Count: \(state.counter)"
  }
}

/// A store once it is ready, on `initial`.
func makeReadyStore(_ initial: CounterState = CounterState()) async -> CounterStore {
  let store = CounterStore(interceptors: [], stateInitializer: { initial })
  await store.waitUntilReady()
  return store
}

/// A thread-safe counter.
final class Counter: Sendable {
  private let storage = LockedValue(0)

  init() {}

  @discardableResult
  func increment() -> Int { storage.withLock { $0 += 1; return $0 } }

  var value: Int { storage.withLock { $0 } }
}
