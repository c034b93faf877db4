import Katana
import KatanaTesting
import Testing

/// A namespace of dispatchables, as the guidelines write them: the public side effect is the
/// module's API, the updater it dispatches is an implementation detail no test can name.
enum TodoActions {
  /// Removes the finished todos; what a screen dispatches.
  struct ClearDone: SideEffect {
    func sideEffect(_ context: SideEffectContext<TodoListState, EmptySideEffectDependencyContainer>) async throws {
      try await context.dispatch(RemoveDone()).value
    }
  }
}

extension TodoActions {
  fileprivate struct RemoveDone: StateUpdater {
    func updateState(_ state: inout TodoListState) {
      state.todos.removeAll { $0.isDone }
    }
  }
}

struct TodoListState: State, Equatable {
  struct Todo: Equatable, Sendable {
    var title: String
    var isDone = false
  }

  var todos: [Todo] = []
}

@Suite("Receiving items whose type the test cannot name")
struct ReceiveByPredicateTests {
  let initial = TodoListState(todos: [.init(title: "milk", isDone: true), .init(title: "eggs")])

  @Test("finish names a fileprivate updater readably")
  func readableName() async {
    let store = TestStore<TodoListState, EmptySideEffectDependencyContainer>(initialState: initial)
    await store.dispatch(TodoActions.ClearDone())
    await expectFailure(containing: "KatanaTestingTests.TodoActions.RemoveDone (private)") {
      await store.finish()
    }
  }
}
