import Katana
import Testing

/// Revision 2, guarantee 12: awaiting `value` never leaves the caller's actor, and an item already
/// handled returns without suspending.
@Suite("Awaiting on the caller's actor")
struct CallerActorTests {
  @MainActor
  @Test("awaiting handled items on the main actor never suspends")
  func handledItemsDoNotSuspend() async throws {
    let store = await makeReadyStore(interceptors: [passThroughInterceptor])
    var otherMainActorWorkRan = false
    // Enqueued on the main actor before the loop: it can only run if the loop suspends.
    Task { @MainActor in otherMainActorWorkRan = true }

    for _ in 0..<1_000 {
      try await store.dispatch(AddTodo()).value
      await store.waitUntilReady()
    }

    #expect(!otherMainActorWorkRan, "awaiting a handled item suspended the main actor")
    #expect(store.state.todo.todos.count == 1_000)
  }

  @MainActor
  @Test("a pending item resumes its awaiting main-actor code on the main actor")
  func pendingItemResumesOnMainActor() async throws {
    let store = await makeReadyStore()
    try await store.dispatch(
      ClosureSideEffect { context in try await context.dispatch(AddTodo()).value }
    ).value
    MainActor.assertIsolated("value resumed off the main actor")
  }
}
