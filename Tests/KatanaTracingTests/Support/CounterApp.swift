import InMemoryTracing
import Katana
import Tracing

struct CounterState: State {
  var counter = 0
}

struct IncrementCounter: StateUpdater {
  func updateState(_ state: inout CounterState) { state.counter += 1 }
}

struct SetCounter: StateUpdater {
  let newValue: Int
  func updateState(_ state: inout CounterState) { state.counter = newValue }
}

/// Asks a "manager" for a number, then shows it; the manager is a nested side effect here.
struct GenerateRandomNumber: SideEffect {
  func sideEffect(_ context: SideEffectContext<CounterState, EmptySideEffectDependencyContainer>) async throws {
    let number = try await context.dispatch(FetchNumber()).value
    try await context.dispatch(SetCounter(newValue: number)).value
  }
}

struct FetchNumber: ReturningSideEffect {
  func sideEffect(_ context: any AnySideEffectContext) async throws -> Int { 42 }
}

/// Dispatches from a child task it starts.
struct IncrementInChildTask: SideEffect {
  func sideEffect(_ context: SideEffectContext<CounterState, EmptySideEffectDependencyContainer>) async throws {
    async let done: Void = context.dispatch(IncrementCounter()).value
    try await done
  }
}

struct Broken: Error, CustomStringConvertible {
  var description: String { "the network is down" }
}

struct FailingSideEffect: SideEffect {
  func sideEffect(_ context: SideEffectContext<CounterState, EmptySideEffectDependencyContainer>) async throws {
    throw Broken()
  }
}

/// Stops every item of type `T`.
func blocking<T: Dispatchable>(_: T.Type) -> StoreInterceptor {
  { _ in { next in { item in if item is T { throw Broken() } else { try next(item) } } } }
}

/// Calls "a library" instrumented with swift-distributed-tracing, which starts its span from the
/// ambient `ServiceContext.current`, then shows the result.
struct CallTracedLibrary: SideEffect {
  let tracer: InMemoryTracer

  func sideEffect(_ context: SideEffectContext<CounterState, EmptySideEffectDependencyContainer>) async throws {
    let number = await tracer.withSpan("child work") { _ in await Task.yield(); return 42 }
    try await context.dispatch(SetCounter(newValue: number)).value
  }
}

/// Calls the traced library from a child task, as `async let` does.
struct CallTracedLibraryInChildTask: SideEffect {
  let tracer: InMemoryTracer

  func sideEffect(_ context: SideEffectContext<CounterState, EmptySideEffectDependencyContainer>) async throws {
    async let number = tracer.withSpan("child work") { _ in 7 }
    try await context.dispatch(SetCounter(newValue: await number)).value
  }
}

/// Dispatches from inside a span it started itself.
struct DispatchInsideOwnSpan: SideEffect {
  let tracer: InMemoryTracer

  func sideEffect(_ context: SideEffectContext<CounterState, EmptySideEffectDependencyContainer>) async throws {
    try await tracer.withSpan("child work") { _ in try await context.dispatch(SetCounter(newValue: 3)).value }
  }
}
