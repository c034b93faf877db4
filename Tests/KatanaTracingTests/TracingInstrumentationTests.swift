import InMemoryTracing
import Katana
import KatanaTracing
import Tracing
import Testing

typealias CounterStore = Store<CounterState, EmptySideEffectDependencyContainer>

/// A ready store traced by `tracer`.
func makeStore(tracer: InMemoryTracer, interceptors: [StoreInterceptor] = []) async -> CounterStore {
  let store = CounterStore(
    interceptors: interceptors, stateInitializer: { CounterState() },
    configuration: .init(instrumentation: TracingInstrumentation(tracer: tracer)))
  await store.waitUntilReady()
  return store
}

@Suite("TracingInstrumentation gives every dispatched item a span")
struct TracingInstrumentationTests {
  @Test("an updater's span is named after its type, with kind, queue wait and outcome")
  func updaterSpan() async throws {
    let tracer = InMemoryTracer()
    let store = await makeStore(tracer: tracer)

    try await store.dispatch(IncrementCounter()).value

    let span = try #require(tracer.finishedSpans.only)
    #expect(span.operationName == "KatanaTracingTests.IncrementCounter")
    #expect(span.kind == .internal)
    #expect(span.attributes.get("katana.kind") == .string("Katana.StateUpdater"))
    #expect(span.attributes.get("katana.outcome") == .string("completed"))
    guard case .int64(let wait)? = span.attributes.get("katana.queue_wait_ns") else {
      Issue.record("katana.queue_wait_ns is missing or not an integer")
      return
    }
    #expect(wait >= 0)
    #expect(span.errors.isEmpty)
    #expect(span.parentSpanID == nil)
  }

  @Test("items a side effect dispatches are child spans of it, and the tree shows the app's logic")
  func childSpans() async throws {
    let tracer = InMemoryTracer()
    let store = await makeStore(tracer: tracer)

    try await store.dispatch(GenerateRandomNumber()).value

    #expect(
      spanTree(tracer.finishedSpans) == """
        KatanaTracingTests.GenerateRandomNumber [Katana.SideEffect, completed]
        ├─ KatanaTracingTests.FetchNumber [Katana.SideEffect, completed]
        └─ KatanaTracingTests.SetCounter [Katana.StateUpdater, completed]
        """)
    let spans = tracer.finishedSpans
    #expect(Set(spans.map(\.traceID)).count == 1)
    let fetch = try #require(spans.first { $0.operationName.hasSuffix("FetchNumber") })
    #expect(fetch.attributes.get("katana.returning") == .bool(true))
  }

  @Test("with interceptors, updaters a side effect dispatches are still its children")
  func childSpansWithInterceptors() async throws {
    let tracer = InMemoryTracer()
    let passThrough: StoreInterceptor = { _ in { next in { item in try next(item) } } }
    let store = await makeStore(tracer: tracer, interceptors: [passThrough])

    try await store.dispatch(GenerateRandomNumber()).value

    #expect(
      spanTree(tracer.finishedSpans) == """
        KatanaTracingTests.GenerateRandomNumber [Katana.SideEffect, completed]
        ├─ KatanaTracingTests.FetchNumber [Katana.SideEffect, completed]
        └─ KatanaTracingTests.SetCounter [Katana.StateUpdater, completed]
        """)
  }

  @Test("items dispatched from a child task of a side effect are its children too")
  func childTask() async throws {
    let tracer = InMemoryTracer()
    let store = await makeStore(tracer: tracer)

    try await store.dispatch(IncrementInChildTask()).value

    #expect(
      spanTree(tracer.finishedSpans) == """
        KatanaTracingTests.IncrementInChildTask [Katana.SideEffect, completed]
        └─ KatanaTracingTests.IncrementCounter [Katana.StateUpdater, completed]
        """)
  }

  @Test("a side effect dispatched inside a traced operation joins the caller's trace")
  func callerContext() async throws {
    let tracer = InMemoryTracer()
    let store = await makeStore(tracer: tracer)

    try await tracer.withSpan("HTTP GET /random") { _ in
      try await store.dispatch(GenerateRandomNumber()).value
    }

    #expect(
      spanTree(tracer.finishedSpans) == """
        HTTP GET /random [?, ?]
        └─ KatanaTracingTests.GenerateRandomNumber [Katana.SideEffect, completed]
           ├─ KatanaTracingTests.FetchNumber [Katana.SideEffect, completed]
           └─ KatanaTracingTests.SetCounter [Katana.StateUpdater, completed]
        """)
  }

  @Test("a failed item records its error and an error status on its span")
  func failure() async throws {
    let tracer = InMemoryTracer()
    let store = await makeStore(tracer: tracer)

    await #expect(throws: Broken.self) { try await store.dispatch(FailingSideEffect()).value }

    let span = try #require(tracer.finishedSpans.only)
    #expect(span.attributes.get("katana.outcome") == .string("failed"))
    #expect(span.status == SpanStatus(code: .error, message: "the network is down"))
    #expect(span.errors.count == 1)
    #expect(span.errors.first?.error is Broken)
  }

  @Test("an updater stopped by an interceptor ends its span as failed")
  func interceptorFailure() async throws {
    let tracer = InMemoryTracer()
    let store = await makeStore(tracer: tracer, interceptors: [blocking(IncrementCounter.self)])

    await #expect(throws: Broken.self) { try await store.dispatch(IncrementCounter()).value }

    let span = try #require(tracer.finishedSpans.only)
    #expect(span.operationName == "KatanaTracingTests.IncrementCounter")
    #expect(span.attributes.get("katana.outcome") == .string("failed"))
    #expect(store.state.counter == 0)
  }

  @Test(
    "items dispatched before the store is ready report the time they were held as queue wait",
    arguments: [false, true])
  func queueWait(throughInterceptor: Bool) async throws {
    let tracer = InMemoryTracer()
    let (gate, opener) = AsyncStream<Void>.makeStream()
    let passThrough: StoreInterceptor = { _ in { next in { item in try next(item) } } }
    let store = CounterStore(
      interceptors: throughInterceptor ? [passThrough] : [],
      stateInitializer: {
        for await _ in gate { break }
        return CounterState()
      },
      configuration: .init(instrumentation: TracingInstrumentation(tracer: tracer)))
    // An updater takes the queued path only when the store has interceptors; a side effect always
    // waits for readiness in the queue.
    let updater = throughInterceptor ? store.dispatch(IncrementCounter()) : nil
    let sideEffect = store.dispatch(GenerateRandomNumber())
    let heldSince = ContinuousClock.now
    // Let 2 ms of real time pass while the store is not ready, without sleeping.
    while ContinuousClock.now - heldSince < .milliseconds(2) { await Task.yield() }
    opener.yield()
    try await updater?.value
    try await sideEffect.value

    let held = tracer.finishedSpans.filter {
      $0.parentSpanID == nil
    }
    #expect(held.count == (throughInterceptor ? 2 : 1))
    for span in held {
      guard case .int64(let wait)? = span.attributes.get("katana.queue_wait_ns") else {
        Issue.record("katana.queue_wait_ns is missing or not an integer on \(span.operationName)")
        continue
      }
      #expect(wait >= 2_000_000, "\(span.operationName)")
    }
  }

  @Test("with a no-op tracer no span is built, so nothing is handed to child items")
  func noOpBuildsNothing() {
    let event = DispatchEvent(item: IncrementCounter(), kind: .stateUpdater, queueWait: .zero, parent: nil)
    #expect(TracingInstrumentation(tracer: NoOpTracer()).dispatchWillBegin(event) == nil)
    let tracer = InMemoryTracer()
    let token = TracingInstrumentation(tracer: tracer).dispatchWillBegin(event)
    #expect(token is InMemorySpan)
    #expect(tracer.activeSpans.map(\.operationName) == ["KatanaTracingTests.IncrementCounter"])
  }

  @Test("without a bootstrapped tracer the default instrumentation is a harmless no-op")
  func noOpByDefault() async throws {
    let store = CounterStore(
      interceptors: [], stateInitializer: { CounterState() },
      configuration: .init(instrumentation: TracingInstrumentation()))
    try await store.dispatch(GenerateRandomNumber()).value
    #expect(store.state.counter == 42)
  }
}

extension Array {
  /// The only element, or `nil` if there are none or several.
  var only: Element? { count == 1 ? first : nil }
}
