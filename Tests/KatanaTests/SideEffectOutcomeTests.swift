import Katana
import KatanaSupport
import Testing

/// Guarantee 4: what a side effect's (and an intercepted updater's) `value` yields, and what a
/// failure leaves behind.
@Suite("Side effect outcomes")
struct SideEffectOutcomeTests {
  /// Throws `error` for items of type `T`, before or after calling `next`.
  static func throwing<T: Dispatchable>(
    _ error: TestError, for _: T.Type, afterNext: Bool, seen: Counter? = nil
  ) -> StoreInterceptor {
    { _ in
      { next in
        { item in
          guard item is T else {
            try next(item)
            return
          }
          seen?.increment()
          if afterNext { try next(item) }
          throw error
        }
      }
    }
  }

  @Test("a throwing body leaves the state unchanged and calls no listener", arguments: StorePath.allCases)
  func throwingBodyChangesNothing(path: StorePath) async throws {
    let store = await path.makeAppStore()
    let calls = Counter()
    store.addListener { _, _ in calls.increment() }

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(
        ReturningClosureSideEffect { _ in throw TestError.attempt(7) }
      ).value
    }

    #expect(error == .attempt(7))
    #expect(store.state == AppState())
    #expect(calls.value == 0)
  }

  @Test("an interceptor throwing before next stops a side effect before its body runs")
  func interceptorBeforeNextStopsSideEffect() async throws {
    let store = await makeReadyStore(interceptors: [Self.throwing(.boom, for: ClosureSideEffect.self, afterNext: false)])
    let ran = Counter()

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(ClosureSideEffect { _ in ran.increment() }).value
    }

    #expect(error == .boom)
    #expect(ran.value == 0)
  }

  @Test("an interceptor throwing before next leaves the state unchanged and calls no listener")
  func interceptorBeforeNextStopsUpdater() async throws {
    let seen = Counter()
    let store = await makeReadyStore(interceptors: [Self.throwing(.boom, for: AddTodo.self, afterNext: false, seen: seen)])
    let pairs = Recorder<(old: AppState, new: AppState)>()
    store.addListener { old, new in pairs.append((old, new)) }

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(AddTodo()).value
    }
    #expect(error == .boom)
    #expect(seen.value == 1)
    #expect(store.state == AppState())

    // The next update is the first one listeners hear.
    try await store.dispatch(AddUser()).value
    try #require(pairs.count == 1)
    #expect(pairs.values[0].old == AppState())
    #expect(pairs.values[0].new.user.users.count == 1)
    #expect(pairs.values[0].new.todo.todos.isEmpty)
  }

  @Test("an interceptor throwing after next leaves the update applied and value throws")
  func interceptorAfterNextKeepsUpdate() async throws {
    let store = await makeReadyStore(interceptors: [Self.throwing(.boom, for: AddTodo.self, afterNext: true)])
    let todo = Todo(title: "kept", id: "k")

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(AddTodo(todo)).value
    }

    #expect(error == .boom)
    #expect(store.state.todo.todos == [todo])
  }

  @Test("an interceptor throwing after next of a side effect lets the body run and value throws")
  func interceptorAfterNextOfSideEffect() async throws {
    let store = await makeReadyStore(interceptors: [Self.throwing(.boom, for: ReturningClosureSideEffect.self, afterNext: true)])
    let ran = Counter()

    let error = await #expect(throws: TestError.self) {
      try await store.dispatch(
        ReturningClosureSideEffect { _ in
          ran.increment()
          return AppState()
        }
      ).value
    }

    #expect(error == .boom)
    #expect(ran.value == 1)
  }

  @Test("a returning side effect's context is the store's typed SideEffectContext", arguments: StorePath.allCases)
  func returningContextCastsToTypedContext(path: StorePath) async throws {
    let store = await path.makeAppStore()
    let container = Locked<TestDependenciesContainer?>(nil)
    try await store.dispatch(AddTodo()).value

    let state = try await store.dispatch(
      ReturningClosureSideEffect { context in
        let typed = try #require(context as? AppContext, "the context is \(type(of: context))")
        container.set(typed.dependencies)
        #expect(context.anyDependencies === typed.dependencies)
        return typed.getState()
      }
    ).value

    #expect(container.current === store.dependencies)
    #expect(state.todo.todos.count == 1)
  }

  @Test("a side effect's value carries the body's return value through interceptors")
  func valueThroughInterceptors() async throws {
    let store = await makeReadyStore(interceptors: [passThroughInterceptor, passThroughInterceptor])

    let product = try await store.dispatch(Multiply(a: 6, b: 7)).value
    let erased = try await store.anyDispatch(Multiply(a: 3, b: 3)).value

    #expect(product == 42)
    #expect(erased as? Int == 9)
  }
}
