import Katana
import Testing

/// Guarantee 6: interceptors run in order around every item; they may swallow, replace or stop it.
@Suite("Interceptor chain")
struct InterceptorChainTests {
  /// Logs `name>` before next and `<name` after it.
  static func recording(_ name: String, into log: Recorder<String>) -> StoreInterceptor {
    { _ in
      { next in
        { item in
          log.append("\(name)>")
          try next(item)
          log.append("<\(name)")
        }
      }
    }
  }

  /// Records the type name of every item it sees.
  static func witness(_ names: Recorder<String>) -> StoreInterceptor {
    { _ in
      { next in
        { item in
          names.append(String(describing: type(of: item)))
          try next(item)
        }
      }
    }
  }

  /// Neither calls next nor throws for items of type `T`.
  static func swallowing<T: Dispatchable>(_: T.Type) -> StoreInterceptor {
    { _ in
      { next in
        { item in
          if item is T { return }
          try next(item)
        }
      }
    }
  }

  @Test("interceptors wrap items in array order and unwind in reverse")
  func interceptorsNestInArrayOrder() async throws {
    let log = Recorder<String>()
    let store = await makeReadyStore(interceptors: [
      Self.recording("a", into: log), Self.recording("b", into: log), Self.recording("c", into: log),
    ])

    try await store.dispatch(AddTodo()).value
    #expect(log.values == ["a>", "b>", "c>", "<c", "<b", "<a"])

    _ = try await store.dispatch(Multiply(a: 1, b: 1)).value
    #expect(log.values.suffix(6) == ["a>", "b>", "c>", "<c", "<b", "<a"])
  }

  @Test("interceptors see items that side effects dispatch")
  func interceptorsSeeItemsFromSideEffects() async throws {
    let names = Recorder<String>()
    let store = await makeReadyStore(interceptors: [Self.witness(names)])

    try await store.dispatch(
      ClosureSideEffect { context in
        try await context.dispatch(AddTodo()).value
        _ = try await context.dispatch(Multiply(a: 2, b: 2)).value
      }
    ).value

    #expect(names.values == ["ClosureSideEffect", "AddTodo", "Multiply"])
  }

  @Test("interceptors see items that other interceptors dispatch")
  func interceptorsSeeItemsFromInterceptors() async throws {
    let names = Recorder<String>()
    let addUserOnTodo: StoreInterceptor = { context in
      { next in
        { item in
          try next(item)
          // Fire and forget: awaiting an updater while handling an updater would wait forever.
          if item is AddTodo { context.dispatch(AddUser()) }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [addUserOnTodo, Self.witness(names)])
    let state = store.watchState()

    try await store.dispatch(AddTodo()).value

    await state.wait("the interceptor's update is applied") { $0.user.users.count == 1 }
    #expect(names.values == ["AddTodo", "AddUser"])
  }

  @Test("next starts a side effect and returns at once; its value waits for the body")
  func nextStartsSideEffectAndReturns() async throws {
    let after = Recorder<Int>()
    let observer: StoreInterceptor = { context in
      { next in
        { item in
          try next(item)
          if item is ClosureSideEffect {
            after.append((context.getAnyState() as? AppState)?.todo.todos.count ?? -1)
          }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [observer])
    let gate = Gate()

    let task = store.dispatch(
      ClosureSideEffect { context in
        await gate.wait()
        try await context.dispatch(AddTodo()).value
        try await context.dispatch(AddTodo()).value
      }
    )
    // The chain ran inside `dispatch`; the body is parked at the gate.
    #expect(after.values == [0])
    gate.open()
    try await task.value

    #expect(store.state.todo.todos.count == 2)
    #expect(after.values == [0], "the interceptor ran once, at the start")
  }

  @Test("a swallowed updater completes with no effect and no listener call")
  func swallowedUpdaterHasNoEffect() async throws {
    let store = await makeReadyStore(interceptors: [Self.swallowing(AddTodo.self)])
    let calls = Counter()
    store.addListener { _, _ in calls.increment() }

    try await store.dispatch(AddTodo()).value

    #expect(store.state == AppState())
    #expect(calls.value == 0)
  }

  @Test("a swallowed side effect completes without running its body")
  func swallowedSideEffectDoesNotRun() async throws {
    let store = await makeReadyStore(interceptors: [Self.swallowing(ClosureSideEffect.self)])
    let ran = Counter()

    try await store.dispatch(ClosureSideEffect { _ in ran.increment() }).value

    #expect(ran.value == 0)
  }

  @Test("a swallowed returning side effect throws returningSideEffectSwallowed")
  func swallowedReturningSideEffectThrows() async throws {
    let store = await makeReadyStore(interceptors: [Self.swallowing(Multiply.self)])

    let error = await #expect(throws: KatanaError.self) {
      try await store.dispatch(Multiply(a: 2, b: 3)).value
    }

    #expect(error == .returningSideEffectSwallowed(Multiply(a: 2, b: 3).debugDescription))
    // The store keeps working.
    try await store.dispatch(AddTodo()).value
    #expect(store.state.todo.todos.count == 1)
  }

  @Test("an interceptor may pass a different item to next")
  func interceptorReplacesItem() async throws {
    let replacing: StoreInterceptor = { _ in
      { next in
        { item in
          if item is AddTodo {
            try next(AddUser(User(username: "replacement")))
          } else {
            try next(item)
          }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [replacing])
    let state = store.watchState()

    try await store.dispatch(AddTodo()).value

    await state.wait("the replacement is applied") { $0.user.users.count == 1 }
    #expect(store.state.todo.todos.isEmpty)
    #expect(store.state.user.users == [User(username: "replacement")])
  }

  @Test("each interceptor's first stage runs once, with the store's context")
  func firstStageRunsOnce() async throws {
    let stages = Counter()
    let contexts = Recorder<Bool>()
    let interceptor: StoreInterceptor = { context in
      stages.increment()
      contexts.append(context is AppContext)
      return { next in { item in try next(item) } }
    }
    let store = await makeReadyStore(interceptors: [interceptor])

    for _ in 0..<5 { try await store.dispatch(AddTodo()).value }
    try await store.dispatch(ClosureSideEffect()).value

    #expect(stages.value == 1)
    #expect(contexts.values == [true])
  }
}
