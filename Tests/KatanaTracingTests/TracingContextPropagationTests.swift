import InMemoryTracing
import Katana
import KatanaTracing
import Testing
import Tracing

@Suite("While an item is handled, its span is the ambient ServiceContext")
struct TracingContextPropagationTests {
  @Test("a span a side effect's body starts from ServiceContext.current is a child of the side effect's span")
  func libraryNestsUnderSideEffect() async throws {
    let tracer = InMemoryTracer()
    let store = await makeStore(tracer: tracer)

    try await store.dispatch(CallTracedLibrary(tracer: tracer)).value

    #expect(
      spanTree(tracer.finishedSpans) == """
        KatanaTracingTests.CallTracedLibrary [Katana.SideEffect, completed]
        ├─ child work [?, ?]
        └─ KatanaTracingTests.SetCounter [Katana.StateUpdater, completed]
        """)
    let spans = tracer.finishedSpans
    let sideEffect = try #require(spans.first { $0.operationName.hasSuffix("CallTracedLibrary") })
    let work = try #require(spans.first { $0.operationName == "child work" })
    #expect(work.parentSpanID == sideEffect.spanID)
    #expect(work.traceID == sideEffect.traceID)
    #expect(store.state.counter == 42)
  }

  @Test("child tasks of the body inherit the side effect's context")
  func childTaskInheritsContext() async throws {
    let tracer = InMemoryTracer()
    let store = await makeStore(tracer: tracer)

    try await store.dispatch(CallTracedLibraryInChildTask(tracer: tracer)).value

    #expect(
      spanTree(tracer.finishedSpans) == """
        KatanaTracingTests.CallTracedLibraryInChildTask [Katana.SideEffect, completed]
        ├─ child work [?, ?]
        └─ KatanaTracingTests.SetCounter [Katana.StateUpdater, completed]
        """)
  }

  @Test("inside a traced caller, the library's span sits under the side effect, not beside it")
  func nestedInCallerTrace() async throws {
    let tracer = InMemoryTracer()
    let store = await makeStore(tracer: tracer)

    try await tracer.withSpan("HTTP GET /number") { _ in
      try await store.dispatch(CallTracedLibrary(tracer: tracer)).value
    }

    #expect(
      spanTree(tracer.finishedSpans) == """
        HTTP GET /number [?, ?]
        └─ KatanaTracingTests.CallTracedLibrary [Katana.SideEffect, completed]
           ├─ child work [?, ?]
           └─ KatanaTracingTests.SetCounter [Katana.StateUpdater, completed]
        """)
  }

  @Test(
    "items dispatched inside a span the body started stay children of the side effect, with or without interceptors",
    arguments: [false, true])
  func itemsStayUnderSideEffect(withInterceptor: Bool) async throws {
    let tracer = InMemoryTracer()
    let passThrough: StoreInterceptor = { _ in { next in { item in try next(item) } } }
    let store = await makeStore(tracer: tracer, interceptors: withInterceptor ? [passThrough] : [])

    try await store.dispatch(DispatchInsideOwnSpan(tracer: tracer)).value

    #expect(
      spanTree(tracer.finishedSpans) == """
        KatanaTracingTests.DispatchInsideOwnSpan [Katana.SideEffect, completed]
        ├─ child work [?, ?]
        └─ KatanaTracingTests.SetCounter [Katana.StateUpdater, completed]
        """)
  }

  @Test("spans an interceptor starts while passing an updater on are children of the updater's span")
  func interceptorNestsUnderUpdater() async throws {
    let tracer = InMemoryTracer()
    let traced: StoreInterceptor = { _ in
      { next in
        { item in try tracer.withSpan("interceptor work") { _ in try next(item) } }
      }
    }
    let store = await makeStore(tracer: tracer, interceptors: [traced])

    try await store.dispatch(IncrementCounter()).value

    #expect(
      spanTree(tracer.finishedSpans) == """
        KatanaTracingTests.IncrementCounter [Katana.StateUpdater, completed]
        └─ interceptor work [?, ?]
        """)
  }

  @Test("the ambient context is restored once the handling is over")
  func contextRestored() async throws {
    let tracer = InMemoryTracer()
    let instrumentation = TracingInstrumentation(tracer: tracer)
    let event = DispatchEvent(item: IncrementCounter(), kind: .sideEffect, queueWait: .zero, parent: nil)
    let span = try #require(instrumentation.dispatchWillBegin(event) as? InMemorySpan)

    let inside = try await instrumentation.withScope(of: span) { ServiceContext.current?.inMemorySpanContext }

    #expect(inside as? InMemorySpanContext == span.spanContext)
    #expect(ServiceContext.current == nil)
  }

  @Test("without a span (no tracer bootstrapped) the handling runs in the caller's context")
  func noSpanKeepsCallerContext() async throws {
    let instrumentation = TracingInstrumentation(tracer: NoOpTracer())
    var callerContext = ServiceContext.topLevel
    callerContext.inMemorySpanContext = InMemorySpanContext(traceID: "trace-1", spanID: "span-1", parentSpanID: nil)

    let inside = try await ServiceContext.withValue(callerContext) {
      try await instrumentation.withScope(of: nil) { ServiceContext.current?.inMemorySpanContext }
    }

    #expect(inside as? InMemorySpanContext == callerContext.inMemorySpanContext)
  }
}
