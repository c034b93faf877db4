import Katana
import KatanaSupport
import KatanaTesting
import Testing

@Suite("Cancellation")
struct CancellationTests {
  @Test("cancelling a side effect sleeping on a clock cancels its task; value throws CancellationError")
  func cancelSleepingSideEffect() async throws {
    let clock = ManualClock()
    let store = await makeReadyStore()
    let task = store.dispatch(
      ClosureSideEffect { context in
        try await clock.sleep(for: .seconds(60))
        try await context.dispatch(AddTodo()).value
      })
    await clock.waitForSleepers(1)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(store.state.todo.todos.isEmpty, "the cancelled body went on after its sleep")
  }

  @Test("cancelling through an interceptor chain reaches the side effect's task too")
  func cancelSideEffectWithInterceptors() async throws {
    let clock = ManualClock()
    let store = await makeReadyStore(interceptors: [passThroughInterceptor])
    let task = store.dispatch(ClosureSideEffect { _ in try await clock.sleep(for: .seconds(60)) })
    await clock.waitForSleepers(1)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("a held updater cancelled before the store is ready is dropped")
  func cancelHeldUpdater() async throws {
    let gate = Gate()
    let store = AppStore(interceptors: [], stateInitializer: { await gate.wait(); return AppState() })
    let dropped = store.dispatch(AddTodo(Todo(title: "dropped", id: "1")))
    let kept = store.dispatch(AddTodo(Todo(title: "kept", id: "2")))

    dropped.cancel()
    gate.open()

    await #expect(throws: CancellationError.self) { try await dropped.value }
    try await kept.value
    #expect(store.state.todo.todos.map(\.title) == ["kept"])
  }

  @Test("an updater queued behind a running chain is dropped when cancelled")
  func cancelQueuedUpdater() async throws {
    let gate = ThreadGate()
    let holdFirst: StoreInterceptor = { _ in
      { next in
        { item in
          if let add = item as? AddTodo, add.todo.id == "hold" { gate.block() }
          try next(item)
        }
      }
    }
    let store = await makeReadyStore(interceptors: [holdFirst])
    let firstReturned = Gate()
    runOnNewThread {
      store.dispatch(AddTodo(Todo(title: "held", id: "hold")))
      firstReturned.open()
    }
    await gate.waitForArrival()
    let queued = store.dispatch(AddTodo(Todo(title: "queued", id: "q")))
    let after = store.dispatch(AddTodo(Todo(title: "after", id: "a")))

    queued.cancel()
    gate.open()
    await firstReturned.wait()

    await #expect(throws: CancellationError.self) { try await queued.value }
    try await after.value
    #expect(store.state.todo.todos.map(\.title) == ["held", "after"])
  }

  @Test("cancelling a handled item does nothing")
  func cancelHandledItem() async throws {
    let store = await makeReadyStore()
    let updater = store.dispatch(AddTodo())
    updater.cancel()
    try await updater.value

    let product = store.dispatch(Multiply(a: 6, b: 7))
    #expect(try await product.value == 42)
    product.cancel()
    #expect(try await product.value == 42)
  }

  @Test("cancelling the task that awaits value does not cancel the item")
  func awaitingTaskCancellationLeavesItem() async throws {
    let gate = Gate()
    let store = await makeReadyStore()
    let item = store.dispatch(
      ClosureSideEffect { context in
        await gate.wait()
        try await context.dispatch(AddTodo()).value
      })
    let waiter = Task { try await item.value }
    waiter.cancel()
    gate.open()

    try await waiter.value
    #expect(store.state.todo.todos.count == 1)
  }

  @Test("cancelling a retry stops it and cancels the running attempt")
  func cancelRetry() async throws {
    let clock = ManualClock()
    let store = await makeReadyStore()
    let runs = Locked(0)
    let task = store.dispatch(
      ClosureSideEffect { _ in
        runs.withLock { $0 += 1 }
        try await clock.sleep(for: .seconds(1))
        throw TestError.notYet
      }
    ).retry(5)
    await clock.waitForSleepers(1)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(runs.current == 1, "a cancelled retry started another attempt")
  }
}
