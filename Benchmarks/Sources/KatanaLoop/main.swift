import BenchmarkFixtures
import Foundation
import Katana
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import KatanaDevTools

// Issue 31's in-loop driver: times each workload's dispatch loop and the bare-lock loop (a
// `Mutex<Int>` increment, `bareLockIncrements`) in the same process with `ContinuousClock`, the
// two loops alternated, and prints medians and their ratio. Beside each wall-clock reading it
// reads the process's CPU time at the same two points (`CLOCK_PROCESS_CPUTIME_ID`): on a shared
// machine the wall clock also counts the time other processes held the cores, the CPU time only
// what this process spent (all its threads: a workload's drain or hop counts too).
//
// Only the loop sits between the two clock reads: the store is made and made ready before the
// first read, and nothing but the loop (and, for fire-and-forget workloads, awaiting the last
// item, which means the whole line was applied) runs before the second. Process start-up, the
// harness and the store's construction are outside every figure.
//
// Usage: KatanaLoop [operations per loop, default 1000000] [rounds, default 5] [workload ...]
// Workloads: W1-main W1-off W2 W3 W6 W7 W10 W10-bare (default: all). "-main" runs the loop on
// the main thread (main actor), "-off" on a detached task; W2, W3, W6, W10 run off the main
// thread, as their callgrind counts do; W7 awaits each dispatch on the main actor.
// Output: one line per workload, then a markdown table (ns/op medians and the ratio of medians;
// the ratio's lowest and highest over the rounds, each round's workload against its own
// neighbouring bare-lock loop).

let arguments = CommandLine.arguments
let operations = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let allWorkloads = ["W1-main", "W1-off", "W2", "W3", "W6", "W7", "W10", "W10-bare"]
let chosen = arguments.count > 3 ? Array(arguments[3...]) : allWorkloads

/// W10's state: Codable, as DevTools needs, and larger than an existential's inline buffer,
/// like most app states (as in KatanaProfile).
struct Tally: State, Codable {
  var count = 0
  var label = "tally"
  var history: [Int] = []
  init() {}
}

struct AddOne: StateUpdater {
  func updateState(_ state: inout Tally) { state.count += 1 }
}

typealias CounterStore = Store<Counter, EmptySideEffectDependencyContainer>
typealias TallyStore = Store<Tally, EmptySideEffectDependencyContainer>

/// Both readings of one loop, in nanoseconds.
struct Timing: Sendable {
  var wall: Double
  var cpu: Double
}

/// A start point for both clocks.
struct Stopwatch {
  let clock = ContinuousClock()
  let wallStart: ContinuousClock.Instant
  let cpuStart: UInt64

  init() {
    cpuStart = processCPUNanoseconds()
    wallStart = clock.now
  }

  /// The time since the start on both clocks (the wall clock read first: it is the closer one).
  func stop() -> Timing {
    let wall = clock.now - wallStart
    let cpu = processCPUNanoseconds() - cpuStart
    return Timing(wall: nanoseconds(wall), cpu: Double(cpu))
  }
}

/// The CPU time this process has used, all threads.
func processCPUNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Nanoseconds in a `Duration`.
func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// The floor, timed on the calling thread: only `bareLockIncrements` between the reads.
func timeBareLock(_ count: Int) -> Timing {
  let watch = Stopwatch()
  let total = bareLockIncrements(count)
  let elapsed = watch.stop()
  precondition(total == count)
  return elapsed
}

// MARK: The workloads' loops. Each makes its store ready, then times the loop alone.

/// W1 (and W2 with listeners): fire-and-forget increments; awaiting the last means all applied.
func timeCounterLoop(_ count: Int, listeners: Int = 0) async throws -> Timing {
  let store = CounterStore()
  await store.waitUntilReady()
  let heard = ListenerTally()
  for _ in 0..<listeners { store.addListener(heard.listener) }
  let watch = Stopwatch()
  for _ in 1..<count { store.dispatch(Increment()) }
  try await store.dispatch(Increment()).value
  let elapsed = watch.stop()
  precondition(store.state.counter == count && heard.total == listeners * count)
  return elapsed
}

@MainActor
func timeCounterLoopOnMain(_ count: Int) async throws -> Timing {
  let store = CounterStore()
  await store.waitUntilReady()
  let watch = Stopwatch()
  for _ in 1..<count { store.dispatch(Increment()) }
  try await store.dispatch(Increment()).value
  let elapsed = watch.stop()
  precondition(store.state.counter == count)
  return elapsed
}

func timeCatalogLoop(_ count: Int) async throws -> Timing {
  let store = Store<Catalog, EmptySideEffectDependencyContainer>(
    interceptors: [], stateInitializer: { Catalog.filled() })
  await store.waitUntilReady()
  let watch = Stopwatch()
  for index in 1..<count { store.dispatch(BumpItem(index: index % Catalog.size)) }
  try await store.dispatch(BumpItem(index: 0)).value
  let elapsed = watch.stop()
  return elapsed
}

func timeInterceptedLoop(_ count: Int) async throws -> Timing {
  let store = CounterStore(interceptors: realAppInterceptors())
  await store.waitUntilReady()
  let watch = Stopwatch()
  for _ in 1..<count { store.dispatch(Increment()) }
  try await store.dispatch(Increment()).value
  let elapsed = watch.stop()
  precondition(store.state.counter == count)
  return elapsed
}

/// W7: main-actor code awaiting each dispatch.
@MainActor
func timeAwaitEachOnMain(_ count: Int) async -> Timing {
  let store = CounterStore()
  await store.waitUntilReady()
  let watch = Stopwatch()
  for _ in 0..<count { try? await store.dispatch(Increment()).value }
  let elapsed = watch.stop()
  precondition(store.state.counter == count)
  return elapsed
}

/// W10: DevTools attached, nobody connected (or, "bare", the same store without DevTools).
func timeTallyLoop(_ count: Int, devTools: Bool) async throws -> Timing {
  let store = TallyStore(devTools: devTools ? DevTools<Tally>() : nil)
  await store.waitUntilReady()
  let watch = Stopwatch()
  for _ in 1..<count { store.dispatch(AddOne()) }
  try await store.dispatch(AddOne()).value
  let elapsed = watch.stop()
  precondition(store.state.count == count)
  return elapsed
}

/// One round of a workload: its loop, then the bare lock on the same thread. Returns total ns of
/// each.
@MainActor
func round(_ workload: String, _ count: Int) async throws -> (workload: Timing, floor: Timing) {
  switch workload {
  case "W1-main":
    let katana = try await timeCounterLoopOnMain(count)
    return (katana, timeBareLock(count))
  case "W7":
    let katana = await timeAwaitEachOnMain(count)
    return (katana, timeBareLock(count))
  default:
    return try await Task.detached {
      let katana: Timing
      switch workload {
      case "W1-off": katana = try await timeCounterLoop(count)
      case "W2": katana = try await timeCounterLoop(count, listeners: 10)
      case "W3": katana = try await timeCatalogLoop(count)
      case "W6": katana = try await timeInterceptedLoop(count)
      case "W10": katana = try await timeTallyLoop(count, devTools: true)
      case "W10-bare": katana = try await timeTallyLoop(count, devTools: false)
      default: fatalError("unknown workload \(workload); known: \(allWorkloads)")
      }
      return (katana, timeBareLock(count))
    }.value
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// One clock's figures for a workload: medians per operation, and the per-round ratios.
struct Figures {
  var workload: [Double] = []
  var floor: [Double] = []

  mutating func add(_ workload: Double, _ floor: Double) {
    self.workload.append(workload / Double(operations))
    self.floor.append(floor / Double(operations))
  }

  var ratios: [Double] { zip(workload, floor).map { $0 / $1 } }

  /// `ns/op | bare lock ns/op | × (medians) | × per round, min–max`
  var row: String {
    String(
      format: "%.1f | %.1f | %.2f | %.2f–%.2f", median(workload), median(floor), median(workload) / median(floor),
      ratios.min()!, ratios.max()!)
  }

  var rounds: String {
    zip(workload, floor).map { String(format: "%.1f/%.1f", $0, $1) }.joined(separator: " ")
  }
}

var results: [(name: String, wall: Figures, cpu: Figures)] = []
// Warm-up: one short round of each, so lazily made runtime structures (metadata, the
// executor's threads) are not paid inside the first timed loop.
for workload in chosen { _ = try await round(workload, min(operations, 10_000)) }
for workload in chosen {
  var wall = Figures()
  var cpu = Figures()
  for _ in 0..<rounds {
    let (katana, floor) = try await round(workload, operations)
    wall.add(katana.wall, floor.wall)
    cpu.add(katana.cpu, floor.cpu)
  }
  results.append((workload, wall, cpu))
  print("\(workload) ns/op, workload/bare lock per round: wall \(wall.rounds); CPU \(cpu.rounds)")
}
print("\n\(operations) operations per loop, \(rounds) rounds, medians; CPU: the whole process\n")
print(
  "| workload | wall ns/op | lock ns/op | × lock | × per round | CPU ns/op | lock CPU ns/op | × lock (CPU) | × per round (CPU) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for result in results {
  print("| \(result.name) | \(result.wall.row) | \(result.cpu.row) |")
}
