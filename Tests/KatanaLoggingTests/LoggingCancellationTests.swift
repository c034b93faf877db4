import Katana
import KatanaLogging
import KatanaTestSupport
import Logging
import Testing

/// Waits until cancelled, under a cancellation id.
struct Refresh: SideEffect, CancellableSideEffect {
  var cancellationID: String { "refresh" }

  func sideEffect(_ context: SideEffectContext<CounterState, EmptySideEffectDependencyContainer>) async throws {
    // Ends only by cancellation: the test cancels it by id.
    try await Task.sleep(for: .seconds(3600))
  }
}

@Suite("DispatchableLogger: cancelled side effects", .timeLimit(.minutes(1)))
struct LoggingCancellationTests {
  @Test("a side effect cancelled by id is logged as cancelled, at the success level, without an error")
  func cancelled() async throws {
    let (logger, storage) = makeLogger()
    let store = await makeStore([DispatchableLogger.interceptor(logger: logger, level: .debug, failureLevel: .warning)])

    let refresh = store.dispatch(Refresh())
    #expect(store.cancel(id: "refresh") == 1)
    await #expect(throws: CancellationError.self) { try await refresh.value }

    let entry = try #require(storage.all.first)
    #expect(entry.level == .debug)
    #expect(entry.message.hasPrefix("Katana.SideEffect KatanaLoggingTests.Refresh cancelled after "))
    #expect(entry.metadata["katana.outcome"] == "cancelled")
    #expect(entry.metadata["katana.error"] == nil)
  }
}
