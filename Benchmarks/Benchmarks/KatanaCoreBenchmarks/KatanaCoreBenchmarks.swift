import Benchmark
import BenchmarkFixtures
import Dispatch
import Katana
import Synchronization

// Workloads W1–W6 of issue 3, revised by issue 9 (W4 from the main actor, W5i, W6 as a real
// app configures it, W7). Each workload runs twice in this one process: once on a Katana
// `Store`, once on the baseline (`MutexStore`: the same state in a `Synchronization.Mutex`,
// mutated in place, listeners called after unlock). `L0 Lock` is the floor (issue 20): a bare
// `Mutex<Int>` increment, which every workload's ratio is taken against. One benchmark iteration
// runs the whole workload; `Benchmarks/report.py` divides by the operation count to get time and
// mallocs per op.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .nanoseconds,
    units: [.peakMemoryResident: .kilo],
    warmupIterations: 1,
    maxDuration: .seconds(3),
    maxIterations: 15
  )

  // MARK: L0: the floor, a bare `Mutex<Int>` increment (issue 20).

  Benchmark("L0 Lock n=\(Workload.w1)") { benchmark in
    benchmark.startMeasurement()
    let total = bareLockIncrements(Workload.w1)
    benchmark.stopMeasurement()
    precondition(total == Workload.w1)
  }

  // MARK: W1: 1,000,000 increments, no listener, fire and forget, then await the last.

  Benchmark("W1 Katana n=\(Workload.w1)") { benchmark in
    let store = Store<Counter, EmptySideEffectDependencyContainer>()
    await store.waitUntilReady()
    benchmark.startMeasurement()
    for _ in 1..<Workload.w1 { store.dispatch(Increment()) }
    try? await store.dispatch(Increment()).value
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w1)
  }
  Benchmark("W1 Baseline n=\(Workload.w1)") { benchmark in
    let store = MutexStore(Counter())
    benchmark.startMeasurement()
    for _ in 0..<Workload.w1 { store.update { $0.counter += 1 } }
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w1)
  }

  // MARK: W2: 200,000 increments with 10 listeners.

  Benchmark("W2 Katana n=\(Workload.w2)") { benchmark in
    let store = Store<Counter, EmptySideEffectDependencyContainer>()
    await store.waitUntilReady()
    let heard = ListenerTally()
    for _ in 0..<10 { store.addListener(heard.listener) }
    benchmark.startMeasurement()
    for _ in 1..<Workload.w2 { store.dispatch(Increment()) }
    try? await store.dispatch(Increment()).value
    benchmark.stopMeasurement()
    precondition(heard.total == 10 * Workload.w2 && store.state.counter == Workload.w2)
  }
  Benchmark("W2 Baseline n=\(Workload.w2)") { benchmark in
    let store = MutexStore(Counter())
    let heard = ListenerTally()
    for _ in 0..<10 { store.addListener(heard.listener) }
    benchmark.startMeasurement()
    for _ in 0..<Workload.w2 { store.update { $0.counter += 1 } }
    benchmark.stopMeasurement()
    precondition(heard.total == 10 * Workload.w2 && store.state.counter == Workload.w2)
  }

  // MARK: W3: 10,000 elements; 100,000 updaters each bump one element.

  Benchmark("W3 Katana n=\(Workload.w3)") { benchmark in
    let store = Store<Catalog, EmptySideEffectDependencyContainer>(
      interceptors: [], stateInitializer: { Catalog.filled() })
    await store.waitUntilReady()
    benchmark.startMeasurement()
    for index in 1..<Workload.w3 { store.dispatch(BumpItem(index: index % Catalog.size)) }
    try? await store.dispatch(BumpItem(index: 0)).value
    benchmark.stopMeasurement()
    precondition(store.state.items[0].value == Workload.w3 / Catalog.size)
  }
  Benchmark("W3 Baseline n=\(Workload.w3)") { benchmark in
    let store = MutexStore(Catalog.filled())
    benchmark.startMeasurement()
    for index in 0..<Workload.w3 {
      let bump = BumpItem(index: index % Catalog.size)
      store.update { bump.updateState(&$0) }
    }
    benchmark.stopMeasurement()
    precondition(store.state.items[0].value == Workload.w3 / Catalog.size)
  }

  // MARK: W4: 100,000 side effects, each awaiting one nested updater; await all.

  Benchmark("W4 Katana n=\(Workload.w4)") { benchmark in
    let store = Store<Counter, EmptySideEffectDependencyContainer>()
    await store.waitUntilReady()
    benchmark.startMeasurement()
    await dispatchAndAwaitSideEffectsOnMainActor(store)
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w4)
  }
  Benchmark("W4 Baseline n=\(Workload.w4)") { benchmark in
    let store = MutexStore(Counter())
    benchmark.startMeasurement()
    await childTaskPerIncrementOnMainActor(store)
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w4)
  }

  // MARK: W5: 2 threads × 250,000 concurrent increments; the final count is exact.

  Benchmark("W5 Katana n=\(2 * Workload.w5PerThread)") { benchmark in
    let store = Store<Counter, EmptySideEffectDependencyContainer>()
    await store.waitUntilReady()
    benchmark.startMeasurement()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      for _ in 0..<Workload.w5PerThread { store.dispatch(Increment()) }
    }
    benchmark.stopMeasurement()
    precondition(store.state.counter == 2 * Workload.w5PerThread)
  }
  Benchmark("W5 Baseline n=\(2 * Workload.w5PerThread)") { benchmark in
    let store = MutexStore(Counter())
    benchmark.startMeasurement()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      for _ in 0..<Workload.w5PerThread { store.update { $0.counter += 1 } }
    }
    benchmark.stopMeasurement()
    precondition(store.state.counter == 2 * Workload.w5PerThread)
  }

  // MARK: W5i: W5 through a logger and an observer (contended chain; peak memory reported).

  Benchmark("W5i Katana n=\(2 * Workload.w5PerThread)") { benchmark in
    let store = Store<Counter, EmptySideEffectDependencyContainer>(interceptors: realAppInterceptors())
    await store.waitUntilReady()
    benchmark.startMeasurement()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      for _ in 0..<Workload.w5PerThread { store.dispatch(Increment()) }
    }
    benchmark.stopMeasurement()
    try? await store.dispatch(Increment()).value
    precondition(store.state.counter == 2 * Workload.w5PerThread + 1)
  }
  Benchmark("W5i Baseline n=\(2 * Workload.w5PerThread)") { benchmark in
    let store = MutexStore(Counter())
    benchmark.startMeasurement()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      for _ in 0..<Workload.w5PerThread { store.update { $0.counter += 1 } }
    }
    benchmark.stopMeasurement()
    precondition(store.state.counter == 2 * Workload.w5PerThread)
  }

  // MARK: W6: W1 as a real app runs it: a logger (discarding sink) and an observer.

  Benchmark("W6 Katana n=\(Workload.w6)") { benchmark in
    let store = Store<Counter, EmptySideEffectDependencyContainer>(interceptors: realAppInterceptors())
    await store.waitUntilReady()
    benchmark.startMeasurement()
    for _ in 1..<Workload.w6 { store.dispatch(Increment()) }
    try? await store.dispatch(Increment()).value
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w6)
  }
  Benchmark("W6 Baseline n=\(Workload.w6)") { benchmark in
    let store = MutexStore(Counter())
    benchmark.startMeasurement()
    for _ in 0..<Workload.w6 { store.update { $0.counter += 1 } }
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w6)
  }

  // MARK: W7: UI code on the main actor awaiting each dispatch.

  Benchmark("W7 Katana n=\(Workload.w7)") { benchmark in
    let store = Store<Counter, EmptySideEffectDependencyContainer>()
    await store.waitUntilReady()
    benchmark.startMeasurement()
    await awaitEachDispatchOnMainActor(store)
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w7)
  }
  Benchmark("W7 Baseline n=\(Workload.w7)") { benchmark in
    let store = MutexStore(Counter())
    benchmark.startMeasurement()
    await incrementOnMainActor(store)
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w7)
  }
}

/// W4 as UI code runs it: dispatch every side effect from the main actor, then await each.
@MainActor
func dispatchAndAwaitSideEffectsOnMainActor(_ store: Store<Counter, EmptySideEffectDependencyContainer>) async {
  var tasks: [DispatchTask<Void>] = []
  tasks.reserveCapacity(Workload.w4)
  for _ in 0..<Workload.w4 { tasks.append(store.dispatch(IncrementLater())) }
  for task in tasks { try? await task.value }
}

/// W4's baseline: one child task per increment, started and awaited from the main actor.
@MainActor
func childTaskPerIncrementOnMainActor(_ store: MutexStore<Counter>) async {
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<Workload.w4 {
      group.addTask { store.update { $0.counter += 1 } }
    }
    await group.waitForAll()
  }
}

/// W7: `try await store.dispatch(…).value` in a main-actor loop.
@MainActor
func awaitEachDispatchOnMainActor(_ store: Store<Counter, EmptySideEffectDependencyContainer>) async {
  for _ in 0..<Workload.w7 { try? await store.dispatch(Increment()).value }
}

/// W7's baseline: the same increments on the main actor, straight into the mutex.
@MainActor
func incrementOnMainActor(_ store: MutexStore<Counter>) async {
  for _ in 0..<Workload.w7 { store.update { $0.counter += 1 } }
}

/// Operation counts; `report.py` reads them back from the benchmark names (`n=`).
enum Workload {
  static let w1 = 1_000_000
  static let w2 = 200_000
  static let w3 = 100_000
  static let w4 = 100_000
  static let w5PerThread = 250_000
  static let w6 = 200_000
  static let w7 = 100_000
}

/// An interceptor that only passes each item on.
let passThrough: StoreInterceptor = { _ in { next in { item in try next(item) } } }
