import Katana
import Testing

/// The README's pattern: an app protocol that hands its returning side effects the typed context.
protocol AppReturningSideEffect: ReturningSideEffect {
  func sideEffect(_ context: SideEffectContext<AppState, TestDependenciesContainer>) async throws -> ReturnValue
}

/// The store was not the app's.
struct WrongStore: Error {}

extension AppReturningSideEffect {
  func sideEffect(_ context: any AnySideEffectContext) async throws -> ReturnValue {
    guard let context = context as? SideEffectContext<AppState, TestDependenciesContainer> else {
      throw WrongStore()
    }
    return try await sideEffect(context)
  }
}

/// A complete conforming type, as the README shows it: the `typealias` is required, because the
/// compiler cannot infer `ReturnValue` from the typed overload alone.
struct CountTodos: AppReturningSideEffect {
  typealias ReturnValue = Int

  func sideEffect(_ context: SideEffectContext<AppState, TestDependenciesContainer>) async throws -> Int {
    context.getState().todo.todos.count
  }
}

@Suite("The README's AppReturningSideEffect pattern")
struct ReturningSideEffectTests {
  @Test("a conforming type gets the typed context and hands its value back")
  func appProtocol() async throws {
    let store = await makeReadyStore()
    try await store.dispatch(AddTodo()).value
    #expect(try await store.dispatch(CountTodos()).value == 1)
  }
}
