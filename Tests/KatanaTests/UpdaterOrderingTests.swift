import Dispatch
import Katana
import KatanaSupport
import Testing

/// Guarantee 1: updaters are applied one at a time, in the order the store received them, and none
/// is lost.
@Suite("Updater ordering")
struct UpdaterOrderingTests {
  @Test("updaters dispatched from one task are applied in dispatch order", arguments: StorePath.allCases)
  func oneTaskKeepsDispatchOrder(path: StorePath) async throws {
    let store = await path.makeCounterStore()

    var last = DispatchTask<Void>?.none
    for sequence in 0..<1_000 {
      last = store.dispatch(Step(lane: 0, sequence: sequence))
    }
    try await last?.value

    #expect(store.state.count == 1_000)
    #expect(store.state.outOfOrder == 0)
    #expect(store.state.lastSequence[0] == 999)
  }

  @Test("8 tasks dispatching 20,000 updaters each lose nothing and keep each task's order")
  func concurrentTasksLoseNothing() async throws {
    let store = await makeCounterStore()
    let perTask = 20_000

    try await withThrowingTaskGroup(of: Void.self) { group in
      for lane in 0..<CounterState.lanes {
        group.addTask {
          var tasks: [DispatchTask<Void>] = []
          tasks.reserveCapacity(perTask)
          for sequence in 0..<perTask {
            tasks.append(store.dispatch(Step(lane: lane, sequence: sequence)))
          }
          for task in tasks { try await task.value }
        }
      }
      try await group.waitForAll()
    }

    #expect(store.state.count == CounterState.lanes * perTask)
    #expect(store.state.outOfOrder == 0)
    #expect(store.state.lastSequence == [Int](repeating: perTask - 1, count: CounterState.lanes))
  }

  @Test("8 tasks dispatching through interceptors lose nothing and keep each task's order")
  func concurrentTasksThroughInterceptorsLoseNothing() async throws {
    let store = await makeInterceptedCounterStore()
    let perTask = 2_000

    try await withThrowingTaskGroup(of: Void.self) { group in
      for lane in 0..<CounterState.lanes {
        group.addTask {
          var tasks: [DispatchTask<Void>] = []
          for sequence in 0..<perTask {
            tasks.append(store.dispatch(Step(lane: lane, sequence: sequence)))
          }
          for task in tasks { try await task.value }
        }
      }
      try await group.waitForAll()
    }

    #expect(store.state.count == CounterState.lanes * perTask)
    #expect(store.state.outOfOrder == 0)
  }

  @Test("8 threads dispatching at once lose nothing and keep each thread's order", arguments: StorePath.allCases)
  func concurrentThreadsLoseNothing(path: StorePath) async throws {
    let store = await path.makeCounterStore()
    let perThread = 5_000
    let lastTasks = Locked<[DispatchTask<Void>]>([])

    // Real threads, not the cooperative pool: dispatch is a plain synchronous call.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        DispatchQueue.concurrentPerform(iterations: CounterState.lanes) { lane in
          var last: DispatchTask<Void>?
          for sequence in 0..<perThread {
            last = store.dispatch(Step(lane: lane, sequence: sequence))
          }
          if let last { lastTasks.withLock { $0.append(last) } }
        }
        continuation.resume()
      }
    }
    for task in lastTasks.current { try await task.value }

    #expect(store.state.count == CounterState.lanes * perThread)
    #expect(store.state.outOfOrder == 0)
  }
}
