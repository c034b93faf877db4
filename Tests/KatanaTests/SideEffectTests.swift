import Katana
import Testing

/// The original `SideEffectTests`, ported to the async API.
@Suite("Side effects")
struct SideEffectTests {
  @Test("a dispatched side effect runs its body")
  func sideEffectRunsBody() async throws {
    let store = await makeReadyStore()
    let ran = Counter()

    try await store.dispatch(ClosureSideEffect { _ in ran.increment() }).value

    #expect(ran.value == 1)
  }

  @Test("every side effect receives the store's one dependency container")
  func sideEffectsShareDependencies() async throws {
    let store = await makeReadyStore()
    let seen = Recorder<TestDependenciesContainer>()

    try await store.dispatch(ClosureSideEffect { context in seen.append(context.dependencies) }).value
    try await store.dispatch(ClosureSideEffect { context in seen.append(context.dependencies) }).value

    let containers = seen.values
    try #require(containers.count == 2)
    #expect(containers[0] === containers[1])
    #expect(containers[0] === store.dependencies)
  }

  @Test("a side effect's value returns only after its body, suspension included, has finished")
  func valueWaitsForSuspendedBody() async throws {
    // The original chained side effects that waited 3 s, 1 s and 0 s. Here each body waits on a
    // gate that another task opens later; each value must still return after its own body.
    let store = await makeReadyStore()
    let log = Recorder<String>()

    for name in ["1", "2", "3"] {
      let gate = Gate()
      let task = store.dispatch(
        ClosureSideEffect { _ in
          await gate.wait()
          log.append(name)
        })
      Task {
        // Open once the body is parked in the gate, so the value really has to wait for it.
        await gate.waitForArrivals(1, "side effect \(name) is parked in its body")
        gate.open()
      }
      try await task.value
      #expect(log.values.last == name, "value returned before the body of side effect \(name) finished")
    }

    #expect(log.values == ["1", "2", "3"])
  }

  @Test("a side effect can await a nested side effect without deadlock")
  func nestedSideEffectDoesNotDeadlock() async throws {
    let store = await makeReadyStore()
    let log = Recorder<String>()
    let innerGate = Gate()

    _ = try await withDeadline("side effect awaiting a nested side effect") {
      let outer = store.dispatch(
        ClosureSideEffect { context in
          try await context.dispatch(
            ClosureSideEffect { _ in
              await innerGate.wait()
              log.append("1")
            }
          ).value
          log.append("2")
        })
      Task {
        await innerGate.waitForArrivals(1, "the nested side effect is parked in its body")
        innerGate.open()
      }
      try await outer.value
      try await store.dispatch(ClosureSideEffect { _ in log.append("3") }).value
    }

    #expect(log.values == ["1", "2", "3"])
  }

  @Test("side effects interleaved with updaters see the state of the updates before them")
  func mixedChainSeesEarlierUpdates() async throws {
    let store = await makeReadyStore()
    let todo = Todo(title: "one", id: "1")
    let user = User(username: "grace")
    let snapshots = Recorder<AppState>()

    try await store.dispatch(AddTodo(todo)).value
    try await store.dispatch(ClosureSideEffect { context in snapshots.append(context.getState()) }).value
    try await store.dispatch(AddUser(user)).value
    try await store.dispatch(ClosureSideEffect { context in snapshots.append(context.getState()) }).value

    let states = snapshots.values
    try #require(states.count == 2)
    #expect(states[0].todo.todos == [todo])
    #expect(states[0].user.users.isEmpty)
    #expect(states[1].todo.todos == [todo])
    #expect(states[1].user.users == [user])
  }

  @Test("getState inside a side effect reads the live state")
  func getStateIsLive() async throws {
    let store = await makeReadyStore()
    let todo = Todo(title: "one", id: "1")
    let counts = Recorder<[Todo]>()

    try await store.dispatch(
      ClosureSideEffect { context in
        counts.append(context.getState().todo.todos)
        try await context.dispatch(AddTodo(todo)).value
        counts.append(context.getState().todo.todos)
      }
    ).value

    #expect(counts.values == [[], [todo]])
  }

  @Test("a side effect's error is rethrown, unchanged, by its value")
  func sideEffectErrorPropagates() async throws {
    let store = await makeReadyStore()

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(ClosureSideEffect { _ in throw TestError.boom }).value
    }

    #expect(error == .boom)
  }

  @Test("a returning side effect hands back its result")
  func returningSideEffectReturnsValue() async throws {
    let store = await makeReadyStore()

    let product = try await store.dispatch(Multiply(a: 5, b: 2)).value

    #expect(product == 10)
  }

  @Test("a returning side effect can await another returning side effect")
  func reentrantReturningSideEffect() async throws {
    let store = await makeReadyStore()

    let result = try await withDeadline("ReentrantMultiply awaiting Multiply") {
      try await store.dispatch(ReentrantMultiply(a: 5, b: 2)).value
    }

    #expect(result == 20)
  }

  @Test("retry runs a failing side effect again until it succeeds")
  func retryRunsSideEffectAgain() async throws {
    let store = await makeReadyStore()

    try await store.dispatch(RetryMe()).retry(2).value

    #expect(store.state.todo.todos.count == 2)
  }

  @Test("retry of a returning side effect yields the value of the successful run")
  func retryReturnsValueOfSuccessfulRun() async throws {
    let store = await makeReadyStore()

    let product = try await store.dispatch(FailingMultiply(a: 5, b: 2)).retry(2).value

    #expect(product == 10)
    #expect(store.state.todo.todos.count == 2)
  }
}
