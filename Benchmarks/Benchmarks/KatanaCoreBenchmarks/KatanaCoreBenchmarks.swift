import Benchmark
import BenchmarkFixtures
import Dispatch
import Katana
import Synchronization

// Workloads W1–W6 of issue 3. Each workload runs twice in this one process: once on a Katana
// `Store`, once on the baseline (`MutexStore`: the same state in a `Synchronization.Mutex`,
// mutated in place, listeners called after unlock). One benchmark iteration runs the whole
// workload; `Benchmarks/report.py` divides by the operation count to get time and mallocs per op.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .nanoseconds,
    units: [.peakMemoryResident: .kilo],
    warmupIterations: 1,
    maxDuration: .seconds(3),
    maxIterations: 15
  )

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
    var tasks: [DispatchTask<Void>] = []
    tasks.reserveCapacity(Workload.w4)
    for _ in 0..<Workload.w4 { tasks.append(store.dispatch(IncrementLater())) }
    for task in tasks { try? await task.value }
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w4)
  }
  Benchmark("W4 Baseline n=\(Workload.w4)") { benchmark in
    let store = MutexStore(Counter())
    benchmark.startMeasurement()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<Workload.w4 {
        group.addTask { store.update { $0.counter += 1 } }
      }
      await group.waitForAll()
    }
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

  // MARK: W6: W1 with the DispatchableLogger (discarding sink) and one pass-through interceptor.

  // One W6 run takes seconds: fewer, longer samples.
  var slow = Benchmark.defaultConfiguration
  slow.warmupIterations = 0
  slow.maxDuration = .seconds(20)
  slow.maxIterations = 3

  Benchmark("W6 Katana n=\(Workload.w6)", configuration: slow) { benchmark in
    let lines = ListenerTally()
    let logger = DispatchableLogger.interceptor(sink: { _ in lines.count() })
    let store = Store<Counter, EmptySideEffectDependencyContainer>(interceptors: [logger, passThrough])
    await store.waitUntilReady()
    benchmark.startMeasurement()
    for _ in 1..<Workload.w6 { store.dispatch(Increment()) }
    try? await store.dispatch(Increment()).value
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w6 && lines.total == Workload.w6)
  }
  Benchmark("W6 Baseline n=\(Workload.w6)") { benchmark in
    let store = MutexStore(Counter())
    benchmark.startMeasurement()
    for _ in 0..<Workload.w6 { store.update { $0.counter += 1 } }
    benchmark.stopMeasurement()
    precondition(store.state.counter == Workload.w6)
  }
}

/// Operation counts; `report.py` reads them back from the benchmark names (`n=`).
enum Workload {
  static let w1 = 1_000_000
  static let w2 = 200_000
  static let w3 = 100_000
  static let w4 = 100_000
  static let w5PerThread = 250_000
  static let w6 = 1_000_000
}

/// An interceptor that only passes each item on.
let passThrough: StoreInterceptor = { _ in { next in { item in try next(item) } } }
