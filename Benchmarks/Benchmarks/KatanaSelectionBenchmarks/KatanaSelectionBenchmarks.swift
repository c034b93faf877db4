import Benchmark
import Katana
import Synchronization

// W8 (issue 10): a state of 1,000 elements and 1,000 selecting listeners, each on its own
// element; 100,000 updaters each change one element. Only the listener of the changed element
// may be called (checked after each run). The baseline is the same work without a store: one
// loop that, after each in-place change, calls the 1,000 selection closures on the new state,
// compares each with its cached previous value, and calls the one changed listener.
// Target: Katana ≤ 2× the baseline per dispatch.

enum SelectionWorkload {
  static let elements = 1_000
  static let updates = 100_000
}

/// 1,000 integers.
struct Shelf: State {
  var values = [Int](repeating: 0, count: SelectionWorkload.elements)
}

/// Sets one element.
struct SetShelfValue: StateUpdater {
  let index: Int
  let value: Int

  func updateState(_ state: inout Shelf) {
    state.values[index] = value
  }
}

/// Counts listener calls from any thread.
final class CallCount: Sendable {
  private let count = Atomic<Int>(0)

  func add() {
    count.add(1, ordering: .relaxed)
  }

  var total: Int { count.load(ordering: .relaxed) }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .nanoseconds,
    units: [.peakMemoryResident: .kilo],
    warmupIterations: 1,
    maxDuration: .seconds(3),
    maxIterations: 10
  )

  let n = SelectionWorkload.updates
  let size = SelectionWorkload.elements

  Benchmark("W8 Katana n=\(n)") { benchmark in
    let store = Store<Shelf, EmptySideEffectDependencyContainer>()
    await store.waitUntilReady()
    let calls = CallCount()
    for index in 0..<size {
      store.addListener(select: { $0.values[index] }) { _, _ in calls.add() }
    }
    benchmark.startMeasurement()
    for update in 0..<(n - 1) {
      store.dispatch(SetShelfValue(index: update % size, value: update + 1))
    }
    try? await store.dispatch(SetShelfValue(index: (n - 1) % size, value: n)).value
    benchmark.stopMeasurement()
    // Every update changed exactly one element: exactly one listener per update.
    precondition(calls.total == n, "W8: \(calls.total) selecting-listener calls for \(n) updates")
  }

  Benchmark("W8 Baseline n=\(n)") { benchmark in
    var state = Shelf()
    let selections: [@Sendable (Shelf) -> Int] = (0..<size).map { index in { $0.values[index] } }
    let calls = CallCount()
    let listeners: [@Sendable (Int, Int) -> Void] = (0..<size).map { _ in { _, _ in calls.add() } }
    var previous = selections.map { $0(state) }
    benchmark.startMeasurement()
    for update in 0..<n {
      state.values[update % size] = update + 1
      for index in 0..<size {
        let value = selections[index](state)
        if value != previous[index] {
          listeners[index](previous[index], value)
          previous[index] = value
        }
      }
    }
    benchmark.stopMeasurement()
    precondition(calls.total == n, "W8 baseline: \(calls.total) calls for \(n) updates")
  }
}
