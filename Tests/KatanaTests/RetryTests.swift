import Katana
import Testing

/// Guarantee 8: `retry(n)` re-dispatches through the whole chain, at most `n` runs in all, and
/// yields the first success or the last error.
@Suite("Retry")
struct RetryTests {
  /// Fails the first `failures` runs with `TestError.attempt(run)`, then returns the run number.
  struct Flaky: ReturningSideEffect {
    let runs: Counter
    let failures: Int

    func sideEffect(_ context: any AnySideEffectContext) async throws -> Int {
      let run = runs.increment()
      if run <= failures { throw TestError.attempt(run) }
      return run
    }
  }

  /// Counts the `Flaky` items it sees.
  static func counting(_ seen: Counter) -> StoreInterceptor {
    { _ in
      { next in
        { item in
          if item is Flaky { seen.increment() }
          try next(item)
        }
      }
    }
  }

  @Test("retry(n) runs an always-failing item n times through the chain and throws the last error")
  func retryStopsAfterAttemptsWithLastError() async throws {
    let seen = Counter()
    let runs = Counter()
    let store = await makeReadyStore(interceptors: [Self.counting(seen)])

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(Flaky(runs: runs, failures: .max)).retry(3).value
    }

    #expect(error == .attempt(3))
    #expect(runs.value == 3)
    #expect(seen.value == 3)
  }

  @Test("retry yields the first success and stops there")
  func retryYieldsFirstSuccess() async throws {
    let seen = Counter()
    let runs = Counter()
    let store = await makeReadyStore(interceptors: [Self.counting(seen)])

    let run = try await store.dispatch(Flaky(runs: runs, failures: 2)).retry(5).value

    #expect(run == 3)
    #expect(runs.value == 3)
    #expect(seen.value == 3)
  }

  @Test("retry does not run a successful item again")
  func retryDoesNotRepeatSuccess() async throws {
    let runs = Counter()
    let store = await makeReadyStore()

    let run = try await store.dispatch(Flaky(runs: runs, failures: 0)).retry(4).value

    #expect(run == 1)
    #expect(runs.value == 1)
  }

  @Test("retry(1) and retry(0) never run the item again", arguments: [1, 0, -3])
  func retryOneNeverReruns(attempts: Int) async throws {
    let runs = Counter()
    let store = await makeReadyStore()

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(Flaky(runs: runs, failures: .max)).retry(attempts).value
    }

    #expect(error == .attempt(1))
    await yieldRepeatedly()
    #expect(runs.value == 1)
  }

  @Test("retry re-dispatches an updater an interceptor rejected")
  func retryReappliesRejectedUpdater() async throws {
    let rejections = Counter()
    let rejectTwice: StoreInterceptor = { _ in
      { next in
        { item in
          if item is AddTodo, rejections.increment() <= 2 { throw TestError.boom }
          try next(item)
        }
      }
    }
    let store = await makeReadyStore(interceptors: [rejectTwice])

    try await store.dispatch(AddTodo()).retry(3).value

    #expect(rejections.value == 3)
    #expect(store.state.todo.todos.count == 1)
  }

  @Test("retry starts at once, even when nobody awaits it")
  func retryStartsWithoutAwaiting() async {
    let runs = Counter()
    let store = await makeReadyStore()

    _ = store.dispatch(Flaky(runs: runs, failures: .max)).retry(3)

    await waitUntil("three runs happened") { runs.value == 3 }
    await yieldRepeatedly()
    #expect(runs.value == 3)
  }

  @Test("dispatch starts the work at once, even when nobody awaits it")
  func dispatchStartsWithoutAwaiting() async {
    let store = await makeReadyStore(interceptors: [passThroughInterceptor])
    let ran = Counter()

    store.dispatch(ClosureSideEffect { _ in ran.increment() })
    store.dispatch(AddTodo())

    await waitUntil("the side effect ran and the updater was applied") {
      ran.value == 1 && store.state.todo.todos.count == 1
    }
  }
}
