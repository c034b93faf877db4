import Katana
import KatanaSupport
import KatanaTesting
import Testing

/// Sleeps on a manual clock under a cancellation id, then adds a todo titled `title`.
struct SleepUnderID: SideEffect, CancellableSideEffect {
  let id: String
  let title: String
  let clock: ManualClock
  var inFlightPolicy: InFlightPolicy = .cancelRunning

  var cancellationID: String { id }

  func sideEffect(_ context: AppContext) async throws {
    try await clock.sleep(for: .seconds(1))
    try await context.dispatch(AddTodo(Todo(title: title, id: title))).value
  }
}

/// A returning side effect under a cancellation id: returns `value` after a second on the clock.
struct ReturnAfterSleep: ReturningSideEffect, CancellableSideEffect {
  let value: Int
  let clock: ManualClock
  var cancellationID: Int { 7 }

  func sideEffect(_ context: AppContext) async throws -> Int {
    try await clock.sleep(for: .seconds(1))
    return value
  }
}

@Suite("Cancel in flight by id", .timeLimit(.minutes(1)))
struct CancelInFlightTests {
  @Test("a new side effect with the same id cancels the running one; the new one runs to the end")
  func lastWins() async throws {
    let clock = ManualClock()
    let store = await makeReadyStore()
    let first = store.dispatch(SleepUnderID(id: "search", title: "a", clock: clock))
    await clock.waitForSleepers(1)
    let second = store.dispatch(SleepUnderID(id: "search", title: "ab", clock: clock))
    await #expect(throws: CancellationError.self) { try await first.value }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    try await second.value
    #expect(store.state.todo.todos.map(\.title) == ["ab"])
  }

  @Test("with cancelNew the running one goes on and the new one is cancelled as it starts")
  func firstWins() async throws {
    let clock = ManualClock()
    let store = await makeReadyStore()
    let first = store.dispatch(SleepUnderID(id: "submit", title: "first", clock: clock, inFlightPolicy: .cancelNew))
    await clock.waitForSleepers(1)
    let second = store.dispatch(SleepUnderID(id: "submit", title: "second", clock: clock, inFlightPolicy: .cancelNew))
    await #expect(throws: CancellationError.self) { try await second.value }
    await clock.advance(by: .seconds(1))
    try await first.value
    #expect(store.state.todo.todos.map(\.title) == ["first"])
    // The first one ended, so its id is free again: the next one runs.
    let third = store.dispatch(SleepUnderID(id: "submit", title: "third", clock: clock, inFlightPolicy: .cancelNew))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    try await third.value
    #expect(store.state.todo.todos.map(\.title) == ["first", "third"])
  }

  @Test("store.cancel(id:) cancels every running side effect with the id, and only those")
  func cancelByID() async throws {
    let clock = ManualClock()
    let store = await makeReadyStore()
    let one = store.dispatch(SleepUnderID(id: "sync", title: "1", clock: clock, inFlightPolicy: .runAlongside))
    let two = store.dispatch(SleepUnderID(id: "sync", title: "2", clock: clock, inFlightPolicy: .runAlongside))
    let other = store.dispatch(SleepUnderID(id: "other", title: "3", clock: clock))
    await clock.waitForSleepers(3)
    #expect(store.cancel(id: "nothing") == 0)
    #expect(store.cancel(id: "sync") == 2)
    await #expect(throws: CancellationError.self) { try await one.value }
    await #expect(throws: CancellationError.self) { try await two.value }
    await clock.advance(by: .seconds(1))
    try await other.value
    #expect(store.state.todo.todos.map(\.title) == ["3"])
  }

  @Test("a side effect cancels by id through its context, and returning side effects are cancellable")
  func cancelFromContextAndReturning() async throws {
    let clock = ManualClock()
    let store = await makeReadyStore()
    let returning = store.dispatch(ReturnAfterSleep(value: 1, clock: clock))
    await clock.waitForSleepers(1)
    let cancelled = CancelCounter()
    try await store.dispatch(ClosureSideEffect { context in cancelled.add(context.cancel(id: 7)) }).value
    #expect(cancelled.value == 1)
    await #expect(throws: CancellationError.self) { try await returning.value }
  }

  @Test("through interceptors: the chain runs, the logger says cancelled, the instrumentation sees CancellationError")
  func throughInterceptors() async throws {
    let clock = ManualClock()
    let lines = LockedValue<[String]>([])
    let logger = DispatchableLogger.interceptor(sink: { line in lines.withLock { $0.append(line) } })
    let ends = LockedValue<[String]>([])
    let store = await makeReadyStore(
      interceptors: [logger, passThroughInterceptor],
      instrumentation: EndRecorder { event, outcome in
        guard case .failed(let error) = outcome, error is CancellationError else { return }
        ends.withLock { $0.append(String(describing: type(of: event.item))) }
      })
    let first = store.dispatch(SleepUnderID(id: "search", title: "a", clock: clock))
    await clock.waitForSleepers(1)
    store.dispatch(SleepUnderID(id: "search", title: "ab", clock: clock))
    await #expect(throws: CancellationError.self) { try await first.value }
    #expect(lines.withLock { $0 } == ["[Dispatchable]: KatanaTests.SleepUnderID (cancelled)"])
    #expect(ends.withLock { $0 } == ["SleepUnderID"])
    store.cancel(id: "search")
  }
}

/// Counts, from any thread.
final class CancelCounter: Sendable {
  private let total = LockedValue(0)
  func add(_ amount: Int) { total.withLock { $0 += amount } }
  var value: Int { total.withLock { $0 } }
}

/// An instrumentation that reports each item's end.
struct EndRecorder: DispatchInstrumentation {
  let ended: @Sendable (DispatchEvent, DispatchOutcome) -> Void

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? { nil }
  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    ended(event, outcome)
  }
}
