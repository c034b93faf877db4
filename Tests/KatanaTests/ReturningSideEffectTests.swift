import Katana
import Testing

/// Written like a side effect: the typed context, no `typealias`; `ReturnValue` is inferred.
struct CountTodos: ReturningSideEffect {
  func sideEffect(_ context: AppContext) async throws -> Int {
    context.getState().todo.todos.count
  }
}

/// Adds a todo through its typed context, then returns the count a nested typed returning side
/// effect reports, and whether it saw the store's own dependency container.
struct AddAndCount: ReturningSideEffect {
  let expectedContainer: ObjectIdentifier?

  func sideEffect(_ context: AppContext) async throws -> (count: Int, sameContainer: Bool) {
    try await context.dispatch(AddTodo()).value
    let count = try await context.dispatch(CountTodos()).value
    return (count, expectedContainer == ObjectIdentifier(context.dependencies))
  }
}

/// A typed returning side effect of another state type.
struct CountOtherFlags: ReturningSideEffect {
  func sideEffect(_ context: SideEffectContext<OtherState, TestDependenciesContainer>) async throws -> Int {
    context.getState().flag ? 1 : 0
  }
}

/// A typed returning side effect of another dependency type.
struct CountWithOtherDependencies: ReturningSideEffect {
  func sideEffect(_ context: SideEffectContext<AppState, OtherDependenciesContainer>) async throws -> Int {
    0
  }
}

@Suite("Returning side effects with a typed context")
struct ReturningSideEffectTests {
  @Test("a returning side effect written with the typed context infers its return value and gets the store's context")
  func typedContext() async throws {
    let store = await makeReadyStore()
    try await store.dispatch(AddTodo()).value
    let count: Int = try await store.dispatch(CountTodos()).value
    #expect(count == 1)
  }

  @Test("a typed returning side effect dispatched from a typed context runs with that store's state and dependencies")
  func fromContext() async throws {
    let store = await makeReadyStore()
    let container = try await store.dispatch(ClosureReturningContainer()).value
    let result = try await store.dispatch(AddAndCount(expectedContainer: container)).value
    #expect(result.count == 1)
    #expect(result.sameContainer)
  }

  @Test("a typed returning side effect passes through interceptors and returns its value")
  func throughInterceptors() async throws {
    let store = await makeReadyStore(interceptors: [passThroughInterceptor])
    try await store.dispatch(AddTodo()).value
    #expect(try await store.dispatch(CountTodos()).value == 1)
  }

  @Test("the type-erased form still runs in any store")
  func erasedForm() async throws {
    let store = await makeReadyStore()
    #expect(try await store.dispatch(Multiply(a: 5, b: 2)).value == 10)
    #expect(try await store.dispatch(ReentrantMultiply(a: 3, b: 2)).value == 12)
  }

  @Test("dispatched type-erased to a store of another state type, value throws stateTypeMismatch")
  func stateMismatchAtRunTime() async throws {
    let store = await makeReadyStore()
    let item = CountOtherFlags()
    await #expect(throws: KatanaError.stateTypeMismatch(
      item.debugDescription, expected: String(reflecting: OtherState.self),
      actual: String(reflecting: AppState.self))
    ) {
      _ = try await store.anyDispatch(item).value
    }
  }

  @Test("dispatched type-erased to a store of another dependency type, value throws dependenciesTypeMismatch")
  func dependenciesMismatchAtRunTime() async throws {
    let store = await makeReadyStore(interceptors: [passThroughInterceptor])
    let item = CountWithOtherDependencies()
    await #expect(throws: KatanaError.dependenciesTypeMismatch(
      item.debugDescription, expected: String(reflecting: OtherDependenciesContainer.self),
      actual: String(reflecting: TestDependenciesContainer.self))
    ) {
      _ = try await store.anyDispatch(item).value
    }
  }

  @Test("a type-erased context hands a typed returning side effect on, checked at run time")
  func throughErasedContext() async throws {
    let store = await makeReadyStore()
    try await store.dispatch(AddTodo()).value
    let count = try await store.dispatch(ReturningThroughErasedContext()).value
    #expect(count == 1)
  }
}

/// Returns the identity of the store's dependency container.
struct ClosureReturningContainer: ReturningSideEffect {
  func sideEffect(_ context: AppContext) async throws -> ObjectIdentifier {
    ObjectIdentifier(context.dependencies)
  }
}

/// Dispatches ``CountTodos`` through the type-erased context (as a library would).
struct ReturningThroughErasedContext: ReturningSideEffect {
  func sideEffect(_ context: any AnySideEffectContext) async throws -> Int {
    try await context.dispatch(CountTodos()).value
  }
}
