import Katana
@testable import KatanaTesting
import KatanaTestSupport
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
    let store = TestStore<TodoListState, EmptySideEffectDependencyContainer>(initialState: initial, timeout: .seconds(30))
    await store.dispatch(TodoActions.ClearDone())
    await expectFailure(containing: "KatanaTestingTests.TodoActions.RemoveDone (private)") {
      await store.finish()
    }
  }

  @Test("a fileprivate updater is received by a predicate on its name, with its state change")
  func byName() async {
    let store = TestStore<TodoListState, EmptySideEffectDependencyContainer>(initialState: initial, timeout: .seconds(30))
    await store.dispatch(TodoActions.ClearDone())
    await store.receive(where: { "\(type(of: $0))" == "RemoveDone" }) { $0.todos.removeFirst() }
    await store.finish()
  }

  @Test("\"whatever updater comes next\" needs no name at all")
  func anyUpdater() async {
    let store = TestStore<TodoListState, EmptySideEffectDependencyContainer>(initialState: initial, timeout: .seconds(30))
    await store.dispatch(TodoActions.ClearDone())
    await store.receive(where: { $0 is any StateUpdater }) { $0.todos = [.init(title: "eggs")] }
    await store.finish()
  }

  @Test("an item the predicate rejects fails, with the description and the item's readable name")
  func predicateMismatch() async {
    let store = TestStore<TodoListState, EmptySideEffectDependencyContainer>(initialState: initial, timeout: .seconds(30))
    await store.dispatch(TodoActions.ClearDone())
    await expectFailure(
      containing: "Expected to receive a side effect",
      "was KatanaTestingTests.TodoActions.RemoveDone (private) (dispatched by KatanaTestingTests.TodoActions.ClearDone)"
    ) {
      await store.receive("a side effect", where: { $0 is any SideEffect })
    }
    await store.finish()
  }

  @Test("the state change is checked as for a receive by type")
  func wrongChange() async {
    let store = TestStore<TodoListState, EmptySideEffectDependencyContainer>(initialState: initial, timeout: .seconds(30))
    await store.dispatch(TodoActions.ClearDone())
    await expectFailure(containing: "The state after KatanaTestingTests.TodoActions.RemoveDone (private) does not match") {
      await store.receive(where: { $0 is any StateUpdater }) { $0.todos = [] }
    }
    await store.finish()
  }
}

@Suite("Readable type names")
struct ReadableNameTests {
  private struct Hidden: StateUpdater {
    func updateState(_ state: inout CounterState) {}
  }

  @Test("public and internal types keep their reflected name; private ones lose the unknown context")
  func names() {
    #expect(readableName(of: IncrementCounter.self) == "KatanaTestSupport.IncrementCounter")
    #expect(String(reflecting: Hidden.self).contains("(unknown context at $"))
    #expect(readableName(of: Hidden.self) == "KatanaTestingTests.ReadableNameTests.Hidden (private)")
    #expect(readableName(of: [Hidden].self).hasSuffix(" (private)"))
  }
}
