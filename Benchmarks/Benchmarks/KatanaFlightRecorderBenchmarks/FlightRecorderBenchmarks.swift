import Benchmark
import Foundation
import Katana
import KatanaDevTools
import KatanaPersistence

// W10f of issue 23: what DevTools' flight recorder adds to W10 (DevTools attached, nobody
// connected). The same 100,000 updaters as W10 go to a store with DevTools, without and with the
// flight recorder (200 items, 4 MiB, a file in the temporary folder), bare and with a logger.
// The updater is registered, so every line carries the encoded item, as in a real app.
// - "dispatch": the time until the store applied the last updater, as W10 measures: the cost
//   the app's thread sees (the recorder encodes and writes on its own queue meanwhile).
// - "+ flush": until the recorder also wrote everything (the whole work, both threads).

struct Tally: State, Codable {
  var count = 0
  var label = "tally"
  var history: [Int] = []
  init() {}
}

struct Add: StateUpdater, Codable {
  let amount: Int
  func updateState(_ state: inout Tally) { state.count += amount }
}

let updaters = 100_000

typealias TallyStore = Store<Tally, EmptySideEffectDependencyContainer>

var registry: JournalRegistry<Tally> {
  var registry = JournalRegistry<Tally>()
  registry.register(Add.self, as: "tally.add")
  return registry
}

func devTools(flightRecorder: Bool) -> DevTools<Tally> {
  let path = NSTemporaryDirectory() + "katana-w10f-\(UUID().uuidString).jsonl"
  return DevTools<Tally>(
    configuration: .init(flightRecorder: flightRecorder ? DevToolsFlightRecorder(path: path) : nil),
    registry: registry)
}

func run(_ store: TallyStore, _ devTools: DevTools<Tally>, flush: Bool, _ benchmark: Benchmark) async {
  await store.waitUntilReady()
  benchmark.startMeasurement()
  for _ in 1..<updaters { store.dispatch(Add(amount: 1)) }
  try? await store.dispatch(Add(amount: 1)).value
  if flush { await devTools.flushFlightRecorder() }
  benchmark.stopMeasurement()
  precondition(store.state.count == updaters)
  await devTools.flushFlightRecorder()
  precondition(devTools.flightRecorderError == nil)
  if let path = devTools.configuration.flightRecorder?.path {
    try? FileManager.default.removeItem(atPath: path)
  }
}

let logger = DispatchableLogger.interceptor { _ in }

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .nanoseconds,
    warmupIterations: 1,
    maxDuration: .seconds(5),
    maxIterations: 10
  )

  for (name, interceptors) in [("", [StoreInterceptor]()), (" + logger", [logger])] {
    Benchmark("W10f Store\(name) + DevTools n=\(updaters)") { benchmark in
      let tools = devTools(flightRecorder: false)
      await run(TallyStore(interceptors: interceptors, devTools: tools), tools, flush: false, benchmark)
    }
    Benchmark("W10f Store\(name) + DevTools + flight recorder, dispatch n=\(updaters)") { benchmark in
      let tools = devTools(flightRecorder: true)
      await run(TallyStore(interceptors: interceptors, devTools: tools), tools, flush: false, benchmark)
    }
    Benchmark("W10f Store\(name) + DevTools + flight recorder + flush n=\(updaters)") { benchmark in
      let tools = devTools(flightRecorder: true)
      await run(TallyStore(interceptors: interceptors, devTools: tools), tools, flush: true, benchmark)
    }
  }
}
