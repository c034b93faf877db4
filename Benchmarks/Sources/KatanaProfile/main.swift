import BenchmarkFixtures
import Dispatch
import Foundation
import Katana
import KatanaDevTools
import KatanaPersistence
import Synchronization

// A plain driver for profilers (`valgrind --tool=callgrind`, `perf`): runs one workload's Katana
// side once, with no benchmark harness around it, so instruction counts are repeatable.
// Usage: KatanaProfile <W1|W2|W3|W4|W6|W6-pass|W6-await|W7|W10|W10-logger|W10-bare|W10-logger-bare|W10-flight|
//   W10-logger-flight|B0|B1|B2> [operations]
//
// The main code is synchronous (the workload runs in a task, the main thread waits on a
// semaphore): an async main parks the main thread in libdispatch's `dispatch_main`, which
// valgrind 3.19 cannot run. W7 needs the main actor, so it runs under `dispatchMain()`
// (not under valgrind).
let arguments = CommandLine.arguments
let workload = arguments.count > 1 ? arguments[1] : "W1"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000

/// An interceptor that only passes each item on.
let passThrough: StoreInterceptor = { _ in { next in { item in try next(item) } } }

/// W10's state: Codable, as DevTools needs.
struct Tally: State, Codable {
  var count = 0
  // Larger than an existential's inline buffer, like most app states (as W10 in the harness).
  var label = "tally"
  var history: [Int] = []
  init() {}
}

struct AddOne: StateUpdater {
  func updateState(_ state: inout Tally) { state.count += 1 }
}

/// W10-flight's updater: registered (`Codable`), so each flight-recorder line carries it.
struct AddCodable: StateUpdater, Codable {
  func updateState(_ state: inout Tally) { state.count += 1 }
}

/// Instrumentation that records nothing.
struct SilentInstrumentation: DispatchInstrumentation {
  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? { nil }
  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {}
}

if workload == "W7" {
  Task { @MainActor in
    await awaitEach(count)
    exit(0)
  }
  dispatchMain()
}
let done = DispatchSemaphore(value: 0)
Task.detached {
  do {
    try await run(workload, count: count)
  } catch {
    fatalError("\(workload) failed: \(error)")
  }
  done.signal()
}
done.wait()

func run(_ workload: String, count: Int) async throws {
switch workload {
case "B0":
  // The floor every ratio is taken against: a bare `Mutex<Int>` increment.
  precondition(bareLockIncrements(count) == count)
case "W10-bare", "W10-logger-bare", "W10-logger":
  // W10's comparison stores: the same store without DevTools, bare or with a logger; and with
  // a logger plus DevTools.
  let logger = DispatchableLogger.interceptor(sink: { _ in })
  let interceptors = workload.contains("logger") ? [logger] : []
  let devTools = workload.hasSuffix("bare") ? nil : DevTools<Tally>()
  let store = Store<Tally, EmptySideEffectDependencyContainer>(interceptors: interceptors, devTools: devTools)
  await store.waitUntilReady()
  for _ in 1..<count { store.dispatch(AddOne()) }
  try await store.dispatch(AddOne()).value
  precondition(store.state.count == count)
case "W10":
  // W10: a store with DevTools attached and no page connected.
  let store = Store<Tally, EmptySideEffectDependencyContainer>(devTools: DevTools<Tally>())
  await store.waitUntilReady()
  for _ in 1..<count { store.dispatch(AddOne()) }
  try await store.dispatch(AddOne()).value
  precondition(store.state.count == count)
case "W10-flight", "W10-logger-flight":
  // W10 with DevTools' flight recorder (200 items, 4 MiB, a temporary file), bare or with a
  // logger; waits until the recorder wrote everything, so its queue's work is counted too.
  var registry = JournalRegistry<Tally>()
  registry.register(AddCodable.self, as: "tally.add")
  let path = NSTemporaryDirectory() + "katana-profile-\(UUID().uuidString).jsonl"
  let devTools = DevTools<Tally>(
    configuration: .init(flightRecorder: DevToolsFlightRecorder(path: path)), registry: registry)
  let interceptors = workload.contains("logger") ? [DispatchableLogger.interceptor(sink: { _ in })] : []
  let store = Store<Tally, EmptySideEffectDependencyContainer>(interceptors: interceptors, devTools: devTools)
  await store.waitUntilReady()
  for _ in 1..<count { store.dispatch(AddCodable()) }
  try await store.dispatch(AddCodable()).value
  await devTools.flushFlightRecorder()
  precondition(store.state.count == count && devTools.flightRecorderError == nil)
  try? FileManager.default.removeItem(atPath: path)
case "W10-hook":
  // W10's store shape without DevTools: a pass-through interceptor and an instrumentation that
  // does nothing (what the store's hook path costs by itself).
  let store = Store<Tally, EmptySideEffectDependencyContainer>(
    interceptors: [passThrough], stateInitializer: { Tally() },
    configuration: .init(instrumentation: SilentInstrumentation()))
  await store.waitUntilReady()
  for _ in 1..<count { store.dispatch(AddOne()) }
  try await store.dispatch(AddOne()).value
  precondition(store.state.count == count)
case "W1":
  let store = Store<Counter, EmptySideEffectDependencyContainer>()
  await store.waitUntilReady()
  for _ in 1..<count { store.dispatch(Increment()) }
  try await store.dispatch(Increment()).value
  precondition(store.state.counter == count)
case "W2":
  let store = Store<Counter, EmptySideEffectDependencyContainer>()
  await store.waitUntilReady()
  let heard = ListenerTally()
  for _ in 0..<10 { store.addListener(heard.listener) }
  for _ in 1..<count { store.dispatch(Increment()) }
  try await store.dispatch(Increment()).value
  precondition(heard.total == 10 * count)
case "W3":
  let store = Store<Catalog, EmptySideEffectDependencyContainer>(
    interceptors: [], stateInitializer: { Catalog.filled() })
  await store.waitUntilReady()
  for index in 1..<count { store.dispatch(BumpItem(index: index % Catalog.size)) }
  try await store.dispatch(BumpItem(index: 0)).value
case "W4":
  let store = Store<Counter, EmptySideEffectDependencyContainer>()
  await store.waitUntilReady()
  var tasks: [DispatchTask<Void>] = []
  for _ in 0..<count { tasks.append(store.dispatch(IncrementLater())) }
  for task in tasks { try await task.value }
  precondition(store.state.counter == count)
case "W6":
  // As a real app configures it: a logger and an observer (see `realAppInterceptors`).
  let store = Store<Counter, EmptySideEffectDependencyContainer>(interceptors: realAppInterceptors())
  await store.waitUntilReady()
  for _ in 1..<count { store.dispatch(Increment()) }
  try await store.dispatch(Increment()).value
  precondition(store.state.counter == count)
case "W6-pass":
  // W6 without the logger: the cost of the interceptor pipeline itself.
  let store = Store<Counter, EmptySideEffectDependencyContainer>(interceptors: [passThrough])
  await store.waitUntilReady()
  for _ in 1..<count { store.dispatch(Increment()) }
  try await store.dispatch(Increment()).value
  precondition(store.state.counter == count)
case "W6-await":
  // W6, awaiting each item before dispatching the next: no producer/drainer overlap.
  let lines = ListenerTally()
  let logger = DispatchableLogger.interceptor(sink: { _ in lines.count() })
  let store = Store<Counter, EmptySideEffectDependencyContainer>(interceptors: [logger, passThrough])
  await store.waitUntilReady()
  for _ in 0..<count { try await store.dispatch(Increment()).value }
  precondition(store.state.counter == count && lines.total == count)
case "B1":
  let store = MutexStore(Counter())
  for _ in 0..<count { store.update { $0.counter += 1 } }
  precondition(store.state.counter == count)
case "B2":
  let store = MutexStore(Counter())
  let heard = ListenerTally()
  for _ in 0..<10 { store.addListener(heard.listener) }
  for _ in 0..<count { store.update { $0.counter += 1 } }
  precondition(heard.total == 10 * count)
default:
  fatalError("unknown workload \(workload)")
}
}

/// W7: main-actor code awaiting each dispatch.
@MainActor
func awaitEach(_ count: Int) async {
  let store = Store<Counter, EmptySideEffectDependencyContainer>()
  await store.waitUntilReady()
  for _ in 0..<count { try? await store.dispatch(Increment()).value }
  precondition(store.state.counter == count)
}
