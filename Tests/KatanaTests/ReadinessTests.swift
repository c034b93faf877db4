import Katana
import KatanaSupport
import Testing

/// Guarantee 7: the store's start-up: not ready, state initializer, interceptors, ready; early items
/// are held and handled in order; a failing initializer does not stop the store.
@Suite("Readiness")
struct ReadinessTests {
  static let loaded: AppState = {
    var state = AppState()
    state.todo.todos = [Todo(title: "loaded", id: "0")]
    return state
  }()

  static func path(_ path: StorePath) -> [StoreInterceptor] {
    path == .direct ? [] : [passThroughInterceptor]
  }

  @Test("a store is not ready until its state initializer has returned", arguments: StorePath.allCases)
  func notReadyUntilInitialized(path: StorePath) async {
    let gate = Gate()
    let store = AppStore(
      interceptors: Self.path(path),
      stateInitializer: {
        await gate.wait()
        return Self.loaded
      })

    #expect(!store.isReady)
    await waitUntil("the state initializer is running") { gate.arrivals == 1 }
    await yieldRepeatedly()
    #expect(!store.isReady)
    #expect(store.state == AppState(), "before readiness the state is the placeholder")

    gate.open()
    await store.waitUntilReady()

    #expect(store.isReady)
    #expect(store.state == Self.loaded)
  }

  @Test("items dispatched before readiness are held, then handled in dispatch order", arguments: StorePath.allCases)
  func earlyItemsAreHeldThenHandledInOrder(path: StorePath) async throws {
    let gate = Gate()
    let store = AppStore(
      interceptors: Self.path(path),
      stateInitializer: {
        await gate.wait()
        return Self.loaded
      })
    let seenBySideEffect = Recorder<[String]>()
    let ran = Counter()

    let first = store.dispatch(AddTodo(Todo(title: "first", id: "1")))
    let sideEffect = store.dispatch(
      ClosureSideEffect { context in
        ran.increment()
        seenBySideEffect.append(context.getState().todo.todos.map(\.id))
      })
    let second = store.dispatch(AddTodo(Todo(title: "second", id: "2")))
    let product = store.dispatch(Multiply(a: 3, b: 4))

    await yieldRepeatedly()
    #expect(ran.value == 0, "a side effect ran before the store was ready")
    #expect(store.state == AppState(), "an updater was applied before the store was ready")

    gate.open()
    try await first.value
    try await sideEffect.value
    try await second.value
    #expect(try await product.value == 12)

    #expect(store.state.todo.todos.map(\.id) == ["0", "1", "2"])
    // The side effect was dispatched after the first updater, so it starts after it was applied.
    let seen = try #require(seenBySideEffect.values.first)
    #expect(Array(seen.prefix(2)) == ["0", "1"])
  }

  @Test("the state initializer runs exactly once")
  func stateInitializerRunsOnce() async throws {
    let runs = Counter()
    let store = AppStore(
      interceptors: [passThroughInterceptor],
      stateInitializer: {
        runs.increment()
        return Self.loaded
      })
    await store.waitUntilReady()
    try await store.dispatch(AddTodo()).value
    try await store.dispatch(ClosureSideEffect()).value

    #expect(runs.value == 1)
  }

  @Test("interceptors are initialised after the state initializer, with its state, before readiness")
  func interceptorsInitialisedAfterStateInitializer() async {
    let log = Recorder<String>()
    let stateSeenByInterceptor = Locked<AppState?>(nil)
    let interceptor: StoreInterceptor = { context in
      log.append("interceptor")
      stateSeenByInterceptor.set(context.getAnyState() as? AppState)
      return { next in { item in try next(item) } }
    }
    let store = AppStore(
      interceptors: [interceptor],
      stateInitializer: {
        log.append("state")
        return Self.loaded
      })

    await store.waitUntilReady()
    log.append("ready")

    #expect(log.values == ["state", "interceptor", "ready"])
    #expect(stateSeenByInterceptor.current == Self.loaded)
  }

  @Test("waitUntilReady returns for every waiter, and at once on a ready store")
  func waitUntilReadyForManyWaiters() async {
    let gate = Gate()
    let store = AppStore(interceptors: [], stateInitializer: {
      await gate.wait()
      return Self.loaded
    })
    let woke = Counter()

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<5 {
        group.addTask {
          await store.waitUntilReady()
          if store.isReady { woke.increment() }
        }
      }
      group.addTask {
        await yieldRepeatedly(20)
        gate.open()
      }
    }
    await store.waitUntilReady()

    #expect(woke.value == 5)
  }

  @Test("a throwing state initializer leaves the store ready on S() and reports the error", arguments: StorePath.allCases)
  func throwingStateInitializer(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let gate = Gate()
    let store = AppStore(
      interceptors: Self.path(path),
      stateInitializer: {
        await gate.wait()
        throw TestError.boom
      },
      configuration: .init(instrumentation: instrumentation))
    let held = store.dispatch(AddTodo())
    let heldSideEffect = store.dispatch(Multiply(a: 2, b: 5))

    gate.open()
    _ = try await withDeadline("items held while a failing initializer ran") {
      try await held.value
      return try await heldSideEffect.value
    }
    await store.waitUntilReady()

    #expect(store.isReady)
    #expect(store.initializationError as? TestError == .boom)
    #expect(instrumentation.initializerFailures.values.map { $0 as? TestError } == [.boom])
    #expect(store.state.todo.todos.count == 1, "the held updater was applied on S()")
    #expect(store.state.user == UserState())
    // And it keeps working.
    try await store.dispatch(AddUser()).value
    #expect(store.state.user.users.count == 1)
  }

  @Test("a store whose initializer succeeds has no initialization error")
  func noInitializationErrorOnSuccess() async {
    let store = await makeReadyStore()
    #expect(store.initializationError == nil)
  }
}
