import Benchmark
import Katana
import KatanaDevTools

// W10 of issue 15: what attaching DevTools costs a store when no page is connected. The same
// 100,000 updaters go to a store without DevTools and with it (ring buffer of 1,000 items),
// bare and with a logger installed (what real apps have); the ratio of each pair is the cost.

struct Tally: State, Codable {
  var count = 0
  var label = "tally"
  var history: [Int] = []
  init() {}
}

struct Add: StateUpdater {
  let amount: Int
  func updateState(_ state: inout Tally) { state.count += amount }
}

let updaters = 100_000

typealias TallyStore = Store<Tally, EmptySideEffectDependencyContainer>

func run(_ store: TallyStore, _ benchmark: Benchmark) async {
  await store.waitUntilReady()
  benchmark.startMeasurement()
  for _ in 1..<updaters { store.dispatch(Add(amount: 1)) }
  try? await store.dispatch(Add(amount: 1)).value
  benchmark.stopMeasurement()
  precondition(store.state.count == updaters)
}

/// A logger that formats nothing unless a line is written, and writes none: the logger's own
/// cost in the chain, as W6 measures it.
let logger = DispatchableLogger.interceptor { _ in }

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .nanoseconds,
    warmupIterations: 1,
    maxDuration: .seconds(5),
    maxIterations: 10
  )

  Benchmark("W10 Store n=\(updaters)") { benchmark in
    await run(TallyStore(), benchmark)
  }

  Benchmark("W10 Store + DevTools n=\(updaters)") { benchmark in
    let devTools = DevTools<Tally>()
    await run(TallyStore(devTools: devTools), benchmark)
  }

  Benchmark("W10 Store + logger n=\(updaters)") { benchmark in
    await run(TallyStore(interceptors: [logger]), benchmark)
  }

  Benchmark("W10 Store + logger + DevTools n=\(updaters)") { benchmark in
    let devTools = DevTools<Tally>()
    await run(TallyStore(interceptors: [logger], devTools: devTools), benchmark)
  }
}
