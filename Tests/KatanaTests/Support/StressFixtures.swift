import Katana

/// A small state for high-volume tests: cheap to copy, so listeners can keep every pair.
struct CounterState: State, Equatable {
  static let lanes = 8
  var count = 0
  /// The last sequence number applied per dispatching lane, to check per-lane order.
  var lastSequence = [Int](repeating: -1, count: CounterState.lanes)
  /// How many updates arrived out of their lane's dispatch order.
  var outOfOrder = 0
  /// The tag of the last applied ``Tagged`` update.
  var lastTag = -1
}

typealias CounterStore = Store<CounterState, EmptySideEffectDependencyContainer>

/// Adds one.
struct Increment: StateUpdater {
  func updateState(_ state: inout CounterState) {
    state.count += 1
  }
}

/// Adds one and checks that `sequence` follows the previous update of the same `lane`.
struct Step: StateUpdater {
  let lane: Int
  let sequence: Int

  func updateState(_ state: inout CounterState) {
    if state.lastSequence[lane] != sequence - 1 { state.outOfOrder += 1 }
    state.lastSequence[lane] = sequence
    state.count += 1
  }
}

/// Adds one and remembers `tag`, so a listener can tell which update it heard.
struct Tagged: StateUpdater {
  let tag: Int

  func updateState(_ state: inout CounterState) {
    state.count += 1
    state.lastTag = tag
  }
}

/// A counter store without interceptors, once ready.
func makeCounterStore() async -> CounterStore {
  let store = CounterStore()
  await store.waitUntilReady()
  return store
}

/// A counter store that takes the interceptor path, once ready.
func makeInterceptedCounterStore() async -> CounterStore {
  let store = CounterStore(interceptors: [passThroughInterceptor])
  await store.waitUntilReady()
  return store
}

/// The two store set-ups every ordering guarantee must hold for.
enum StorePath: String, CaseIterable, Sendable {
  case direct
  case intercepted

  func makeCounterStore() async -> CounterStore {
    switch self {
    case .direct: return await KatanaTests.makeCounterStore()
    case .intercepted: return await makeInterceptedCounterStore()
    }
  }

  func makeAppStore() async -> AppStore {
    switch self {
    case .direct: return await makeReadyStore()
    case .intercepted: return await makeReadyStore(interceptors: [passThroughInterceptor])
    }
  }
}

