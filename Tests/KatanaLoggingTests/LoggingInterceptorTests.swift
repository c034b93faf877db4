import Katana
import KatanaTestSupport
import KatanaLogging
import Logging
import Testing

@Suite("DispatchableLogger writes through swift-log")
struct LoggingInterceptorTests {
  @Test("each handled updater gives one entry with its type, kind, duration and outcome")
  func updaterEntry() async throws {
    let (logger, storage) = makeLogger()
    let store = await makeStore([DispatchableLogger.interceptor(logger: logger, level: .debug)])

    try await store.dispatch(IncrementCounter()).value

    let entries = storage.all
    #expect(entries.count == 1)
    let entry = try #require(entries.first)
    #expect(entry.level == .debug)
    #expect(entry.message.hasPrefix("Katana.StateUpdater KatanaTestSupport.IncrementCounter handled in "))
    // Milliseconds with three decimals, e.g. "0.042 ms".
    #expect(entry.message.contains(/handled in [0-9]+\.[0-9]{3} ms$/))
    #expect(entry.metadata["katana.item"] == "KatanaTestSupport.IncrementCounter")
    #expect(entry.metadata["katana.kind"] == "StateUpdater")
    #expect(entry.metadata["katana.outcome"] == "completed")
    let duration = try #require(entry.metadata["katana.duration_ms"].flatMap { Double("\($0)") })
    #expect(duration >= 0)
    #expect(entry.metadata["katana.state_diff"] == nil)
  }

  @Test("side effects and the updaters they dispatch are logged, each with its kind, inner first")
  func sideEffectEntries() async throws {
    let (logger, storage) = makeLogger()
    let store = await makeStore([DispatchableLogger.interceptor(logger: logger)])

    try await store.dispatch(GenerateRandomNumber()).value
    #expect(try await store.dispatch(Multiply(a: 5, b: 2)).value == 10)

    let kinds = storage.all.map { "\($0.metadata["katana.kind"]!) \($0.metadata["katana.item"]!)" }
    #expect(
      kinds == [
        "StateUpdater KatanaTestSupport.SetCounter",
        "SideEffect KatanaLoggingTests.GenerateRandomNumber",
        "ReturningSideEffect KatanaLoggingTests.Multiply",
      ])
    #expect(storage.all.allSatisfy { $0.level == .info })
  }

  @Test("a failing item is logged at the failure level with its error, and still fails")
  func failure() async throws {
    let (logger, storage) = makeLogger()
    let store = await makeStore([DispatchableLogger.interceptor(logger: logger, failureLevel: .warning)])

    await #expect(throws: Broken.self) { try await store.dispatch(FailingSideEffect()).value }

    let entry = try #require(storage.all.first)
    #expect(entry.level == .warning)
    #expect(entry.message.hasPrefix("Katana.SideEffect KatanaLoggingTests.FailingSideEffect failed after "))
    #expect(entry.metadata["katana.outcome"] == "failed")
    #expect(entry.metadata["katana.error"] == "the network is down")
  }

  @Test("blacklisted item types are handled but not logged")
  func blackList() async throws {
    let (logger, storage) = makeLogger()
    let store = await makeStore([DispatchableLogger.interceptor(logger: logger, blackList: [Tick.self])])

    try await store.dispatch(Tick()).value
    try await store.dispatch(IncrementCounter()).value

    #expect(storage.all.map { $0.metadata["katana.item"] } == ["KatanaTestSupport.IncrementCounter"])
    #expect(store.state.counter == 1)
  }

  @Test("with logStateDiff, an updater's entry names each changed field with old and new value")
  func stateDiff() async throws {
    let (logger, storage) = makeLogger()
    let store = await makeStore([DispatchableLogger.interceptor(logger: logger, logStateDiff: true)])

    try await store.dispatch(SetCounter(newValue: 7)).value
    try await store.dispatch(SetCounter(newValue: 7)).value

    let diffs = storage.all.map { $0.metadata["katana.state_diff"] }
    #expect(diffs == ["counter: 0 → 7", "no change"])
  }

  @Test("a side effect's entry carries no diff: its updaters carry their own")
  func noDiffForSideEffects() async throws {
    let (logger, storage) = makeLogger()
    let store = await makeStore([DispatchableLogger.interceptor(logger: logger, logStateDiff: true)])

    try await store.dispatch(GenerateRandomNumber()).value

    #expect(storage.all.map { $0.metadata["katana.state_diff"] } == ["counter: 0 → 42", nil])
  }

  @Test("the diff is never computed when the level is disabled, and is when it is enabled")
  func lazyDiff() async throws {
    let (quiet, quietStorage) = makeLogger(level: .warning)
    let quietStore = Store<ReflectionCountingState, EmptySideEffectDependencyContainer>(interceptors: [
      DispatchableLogger.interceptor(logger: quiet, level: .debug, logStateDiff: true)
    ])
    await quietStore.waitUntilReady()
    let before = ReflectionCountingState.reflections.withLock { $0 }
    try await quietStore.dispatch(BumpValue()).value
    #expect(ReflectionCountingState.reflections.withLock { $0 } == before)
    #expect(quietStorage.all.isEmpty)

    let (verbose, verboseStorage) = makeLogger(level: .debug)
    let verboseStore = Store<ReflectionCountingState, EmptySideEffectDependencyContainer>(interceptors: [
      DispatchableLogger.interceptor(logger: verbose, level: .debug, logStateDiff: true)
    ])
    await verboseStore.waitUntilReady()
    try await verboseStore.dispatch(BumpValue()).value
    #expect(ReflectionCountingState.reflections.withLock { $0 } > before)
    #expect(verboseStorage.all.first?.metadata["katana.state_diff"] == "value: 0 → 1")
  }

  @Test("the sink adapter writes the core logger's lines through swift-log")
  func sink() async throws {
    let (logger, storage) = makeLogger()
    let store = await makeStore([
      DispatchableLogger.interceptor(sink: DispatchableLogger.sink(logger: logger, level: .notice))
    ])

    try await store.dispatch(IncrementCounter()).value

    #expect(storage.all.map(\.message) == ["[Dispatchable]: KatanaTestSupport.IncrementCounter"])
    #expect(storage.all.first?.level == .notice)
  }
}
