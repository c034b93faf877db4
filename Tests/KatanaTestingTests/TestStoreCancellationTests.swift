import Katana
import KatanaTestSupport
import KatanaTesting
import Testing

/// Search as you type: each keystroke debounces on the app's clock under one cancellation id,
/// so only the last query is searched (the DocC example's shape).
struct DebouncedSearch: SideEffect, CancellableSideEffect {
  let query: Int
  var cancellationID: String { "search" }

  func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
    try await context.dependencies.clock.sleep(for: .milliseconds(300))
    try await context.dispatch(SetCounter(newValue: query)).value
  }
}

@Suite("TestStore: cancel in flight", .timeLimit(.minutes(1)))
struct TestStoreCancellationTests {
  @Test("a debounced search keeps only the last keystroke; the cancelled ones need no assertion")
  func debounce() async throws {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock)
    let first = await store.dispatch(DebouncedSearch(query: 1))
    await clock.waitForSleepers(1)
    await store.dispatch(DebouncedSearch(query: 12))
    await #expect(throws: CancellationError.self) { try await first.value }
    await clock.waitForSleepers(1)
    await store.dispatch(DebouncedSearch(query: 123))
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(300))
    await store.receive(SetCounter(newValue: 123)) { $0.counter = 123 }
    await store.finish()
  }

  @Test("the test store cancels by id like the store")
  func cancelByID() async throws {
    let clock = ManualClock()
    let store = makeCounterStore(clock: clock)
    let search = await store.dispatch(DebouncedSearch(query: 1))
    await clock.waitForSleepers(1)
    #expect(store.cancel(id: "search") == 1)
    await #expect(throws: CancellationError.self) { try await search.value }
    await store.finish()
  }
}
