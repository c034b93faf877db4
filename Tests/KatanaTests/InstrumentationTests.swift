import Katana
import Testing

/// The instrumentation hook: a begin and an end per handled item, with the dispatching side effect
/// as parent.
@Suite("Instrumentation")
struct InstrumentationTests {
  static func interceptors(_ path: StorePath) -> [StoreInterceptor] {
    path == .direct ? [] : [passThroughInterceptor]
  }

  static func name(_ type: any Dispatchable.Type) -> String { String(reflecting: type) }

  @Test("an updater is reported with a begin and a matching end", arguments: StorePath.allCases)
  func updaterBeginAndEnd(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    try await store.dispatch(AddTodo()).value
    await instrumentation.ends.wait(forCount: 1, "the updater's end is reported")

    let begins = instrumentation.begins.values
    try #require(begins.count == 1)
    #expect(begins[0].name == Self.name(AddTodo.self))
    #expect(begins[0].kind == .stateUpdater)
    #expect(!begins[0].hasParent)
    let end = try #require(instrumentation.ends.values.first)
    #expect(end.name == Self.name(AddTodo.self))
    #expect(end.token == begins[0].token)
    #expect(end.error == nil)
  }

  @Test("an applied updater's end carries the states right before and after it", arguments: StorePath.allCases)
  func updaterChangeIsReported(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    try await store.dispatch(AddTodo()).value
    _ = try await store.anyDispatch(AddTodo()).value
    await instrumentation.ends.wait(forCount: 2, "both updaters' ends are reported")

    let changes = instrumentation.changes.values
    try #require(changes.count == 2)
    #expect(changes.map(\.name) == [Self.name(AddTodo.self), Self.name(AddTodo.self)])
    #expect(changes.map { ($0.before as? AppState)?.todo.todos.count } == [0, 1])
    #expect(changes.map { ($0.after as? AppState)?.todo.todos.count } == [1, 2])
    #expect(changes[1].sequence == changes[0].sequence + 1, "the applied order is readable from the sequence")
    #expect(changes.map(\.token) == instrumentation.begins.values.map(\.token))
  }

  @Test(
    "an instrumentation that does not observe state changes gets none; its ends still come",
    arguments: StorePath.allCases)
  func noChangesUnlessObserved(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation(observesStateChanges: false)
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    try await store.dispatch(AddTodo()).value
    await instrumentation.ends.wait(forCount: 1, "the updater's end is reported")

    #expect(instrumentation.changes.values.isEmpty)
    #expect(instrumentation.ends.values.map(\.name) == [Self.name(AddTodo.self)])
    #expect(store.state.todo.todos.count == 1)
  }

  @Test("updaters applied from many threads report changes that chain up in sequence order", arguments: StorePath.allCases)
  func concurrentChangesChainUp(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for _ in 0..<100 { store.dispatch(AddTodo()) } }
      }
    }
    try await store.dispatch(AddTodo()).value
    await instrumentation.ends.wait(forCount: 401, "every end is reported")

    let changes = instrumentation.changes.values.sorted { $0.sequence < $1.sequence }
    try #require(changes.count == 401)
    for (previous, next) in zip(changes, changes.dropFirst()) {
      #expect(next.sequence == previous.sequence + 1)
      #expect((next.before as? AppState)?.todo.todos.count == (previous.after as? AppState)?.todo.todos.count)
    }
  }

  @Test("an updater an interceptor swallows ends with the state unchanged")
  func swallowedUpdaterReportsNoChange() async throws {
    let instrumentation = RecordingInstrumentation()
    let swallowAddUser: StoreInterceptor = { _ in { next in { item in if !(item is AddUser) { try next(item) } } } }
    let store = await makeReadyStore(interceptors: [swallowAddUser], instrumentation: instrumentation)

    try await store.dispatch(AddTodo()).value
    try await store.dispatch(AddUser()).value
    await instrumentation.ends.wait(forCount: 2, "both ends are reported")

    let swallowed = try #require(instrumentation.changes.values.last)
    #expect(swallowed.name == Self.name(AddUser.self))
    #expect((swallowed.before as? AppState)?.user.users.count == 0)
    #expect((swallowed.after as? AppState)?.todo.todos.count == 1)
    #expect((swallowed.after as? AppState)?.user.users.count == 0)
  }

  @Test("items an updater's interceptors dispatch have that updater as parent")
  func interceptorDispatchedItemsHaveUpdaterParent() async throws {
    let instrumentation = RecordingInstrumentation()
    let addUserAfterTodo: StoreInterceptor = { context in
      { next in
        { item in
          try next(item)
          if item is AddTodo {
            context.anyDispatch(AddUser())
            context.anyDispatch(ClosureSideEffect())
          }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [addUserAfterTodo], instrumentation: instrumentation)

    try await store.dispatch(AddTodo()).value
    try await store.dispatch(Touch()).value
    await instrumentation.ends.wait(forCount: 4, "every end is reported")

    let todo = try #require(instrumentation.begins(of: AddTodo.self).first)
    let user = try #require(instrumentation.begins(of: AddUser.self).first)
    let sideEffect = try #require(instrumentation.begins(of: ClosureSideEffect.self).first)
    #expect(user.parent == todo.token)
    #expect(sideEffect.parent == todo.token)
    #expect(instrumentation.begins(of: Touch.self).first?.hasParent == false, "the chain's parent ends with it")
    #expect(store.state.user.users.count == 1)
  }

  @Test("every typed dispatch names its call site: file, line and function", arguments: StorePath.allCases)
  func callSitesAreRecorded(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    let updaterLine: UInt = #line + 1
    try await store.dispatch(AddTodo()).value
    let sideEffectLine: UInt = #line + 1
    try await store.dispatch(ClosureSideEffect { context in try await context.dispatch(AddUser()).value }).value
    _ = try await store.anyDispatch(Touch()).value
    await instrumentation.ends.wait(forCount: 4, "every end is reported")

    let updater = try #require(instrumentation.begins(of: AddTodo.self).first?.callSite)
    #expect("\(updater.fileID)" == "KatanaTests/InstrumentationTests.swift")
    #expect(updater.line == updaterLine)
    #expect("\(updater.function)" == "callSitesAreRecorded(path:)")
    #expect(updater.description == "KatanaTests/InstrumentationTests.swift:\(updaterLine)")
    #expect(instrumentation.begins(of: ClosureSideEffect.self).first?.callSite?.line == sideEffectLine)
    // Dispatched from the side effect's context, inside the closure on the same line.
    #expect(instrumentation.begins(of: AddUser.self).first?.callSite?.line == sideEffectLine)
    #expect(instrumentation.begins(of: Touch.self).first?.callSite == nil, "anyDispatch records no call site")
  }

  @Test("side effects and returning side effects are reported with their kinds", arguments: StorePath.allCases)
  func sideEffectKinds(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    try await store.dispatch(ClosureSideEffect()).value
    _ = try await store.dispatch(Multiply(a: 2, b: 2)).value
    await instrumentation.ends.wait(forCount: 2, "both ends are reported")

    let kinds = Dictionary(uniqueKeysWithValues: instrumentation.begins.values.map { ($0.name, $0.kind) })
    #expect(kinds == [Self.name(ClosureSideEffect.self): .sideEffect, Self.name(Multiply.self): .returningSideEffect])
    #expect(instrumentation.ends.values.allSatisfy { $0.error == nil })
  }

  @Test("a failing item's end carries its error", arguments: StorePath.allCases)
  func failureIsReported(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    _ = try? await store.dispatch(ClosureSideEffect { _ in throw TestError.attempt(4) }).value
    await instrumentation.ends.wait(forCount: 1, "the end is reported")

    let end = try #require(instrumentation.ends.values.first)
    #expect(end.error as? TestError == .attempt(4))
    #expect(end.token == instrumentation.begins.values.first?.token)
  }

  @Test("items dispatched from inside a side effect have that side effect as parent", arguments: StorePath.allCases)
  func nestedItemsHaveParent(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    try await store.dispatch(
      ClosureSideEffect { context in
        try await context.dispatch(AddTodo()).value
        _ = try await context.dispatch(Multiply(a: 1, b: 2)).value
        _ = try await context.dispatch(
          ReturningClosureSideEffect { inner in
            try await inner.dispatch(AddUser()).value
            return AppState()
          }
        ).value
        // A task the body starts inherits the link too.
        try await Task { try await context.dispatch(Touch()).value }.value
      }
    ).value
    await instrumentation.ends.wait(forCount: 6, "all six ends are reported")

    let outer = try #require(instrumentation.begins(of: ClosureSideEffect.self).first)
    let inner = try #require(instrumentation.begins(of: ReturningClosureSideEffect.self).first)
    #expect(!outer.hasParent, "a top-level item has no parent")
    #expect(instrumentation.begins(of: AddTodo.self).first?.parent == outer.token)
    #expect(instrumentation.begins(of: Multiply.self).first?.parent == outer.token)
    #expect(inner.parent == outer.token)
    #expect(instrumentation.begins(of: AddUser.self).first?.parent == inner.token)
    #expect(instrumentation.begins(of: Touch.self).first?.parent == outer.token)
  }

  @Test("items dispatched at top level after a side effect have no parent", arguments: StorePath.allCases)
  func topLevelItemsHaveNoParent(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    try await store.dispatch(ClosureSideEffect { context in try await context.dispatch(AddTodo()).value }).value
    try await store.dispatch(AddUser()).value
    await instrumentation.ends.wait(forCount: 3, "all three ends are reported")

    #expect(instrumentation.begins(of: AddUser.self).first?.hasParent == false)
  }

  @Test("every begin gets exactly one end, also under concurrency", arguments: StorePath.allCases)
  func beginsAndEndsPair(path: StorePath) async throws {
    let instrumentation = RecordingInstrumentation()
    let store = await makeReadyStore(interceptors: Self.interceptors(path), instrumentation: instrumentation)

    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask {
          try await store.dispatch(AddTodo()).value
          try await store.dispatch(ClosureSideEffect { context in try await context.dispatch(AddUser()).value }).value
          if index.isMultiple(of: 2) { _ = try? await store.dispatch(ClosureSideEffect { _ in throw TestError.boom }).value }
        }
      }
      try await group.waitForAll()
    }
    await instrumentation.ends.wait(forCount: 70, "all 70 ends are reported")

    let beginTokens = instrumentation.begins.values.map(\.token).sorted()
    let endTokens = instrumentation.ends.values.compactMap(\.token).sorted()
    #expect(beginTokens.count == 70)
    #expect(beginTokens == endTokens)
  }
}
