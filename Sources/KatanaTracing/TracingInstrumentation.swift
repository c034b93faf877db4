public import Katana
import KatanaSupport
public import Tracing

/// Turns every item a store handles into a span of swift-distributed-tracing.
///
/// Pass it in the store's configuration:
///
/// ```swift
/// let store = Store<CounterState, AppDependencies>(
///   interceptors: [],
///   stateInitializer: { CounterState() },
///   configuration: .init(instrumentation: TracingInstrumentation()))
/// ```
///
/// ## Spans
/// - One span per dispatched item, named after the item's type (`MyApp.IncrementCounter`), of
///   span kind `internal`, from the moment the store starts handling the item to the moment it is
///   done (for an updater: applied and listeners called; for a side effect: its body returned).
/// - Attributes:
///   - `katana.kind`: `Katana.StateUpdater` or `Katana.SideEffect`. A `ReturningSideEffect`
///     is a side effect too, so its kind is `Katana.SideEffect`, and it also has
///     `katana.returning` = `true`;
///   - `katana.queue_wait_ns`: nanoseconds between `dispatch` and the start of handling (time
///     held before the store was ready, queued behind other updaters, or waiting for a thread);
///   - `katana.outcome`: `completed` or `failed`.
/// - A failed item records its error on the span and sets the span's status to `error`.
///
/// ## Nesting
/// Items a side effect dispatches (directly, or from child tasks it starts) are children of the
/// side effect's span, even when the body dispatches them inside a span of its own.
///
/// While the side effect's body runs, its span's context is the task-local
/// `ServiceContext.current` (in child tasks too), so spans that the body, or a library it calls,
/// starts from the ambient context (`withSpan`, an instrumented HTTP client) are children of the
/// side effect's span. With interceptors, an updater's interceptor chain runs in the updater's
/// context the same way. Items dispatched elsewhere are children of the task's current
/// `InstrumentationContext`, when the store starts them on the dispatcher's task: side effects
/// dispatched to a ready store, and updaters when the store has no interceptors. Otherwise (items
/// held until the store was ready, updaters applied on the store's own queue because it has
/// interceptors) they start a new trace unless a side effect dispatched them.
///
/// ## Tracer
/// By default spans go to `InstrumentationSystem.tracer`, looked up for every item: a no-op until
/// the app calls `InstrumentationSystem.bootstrap(_:)`, then the app's tracer, even for stores
/// created before. Pass a tracer explicitly to use another one (an in-memory tracer in tests).
/// While the tracer is a `NoOpTracer` no span is built at all, so the hook costs about a lock
/// round trip per item.
///
/// Threading: safe to share between stores and threads; it keeps no state of its own.
public struct TracingInstrumentation: DispatchInstrumentation {
  private let explicitTracer: (any Tracer)?

  /// Creates the instrumentation.
  ///
  /// - Parameter tracer: the tracer to start spans with; `nil` (the default) means
  ///   `InstrumentationSystem.tracer`, looked up for every item.
  public init(tracer: (any Tracer)? = nil) {
    explicitTracer = tracer
  }

  /// Starts the item's span; returns it, so that the core hands it back for the items it dispatches.
  public func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    let tracer = explicitTracer ?? InstrumentationSystem.tracer
    // Until the app bootstraps a tracer, spans would be thrown away: skip building them.
    guard !(tracer is NoOpTracer) else { return nil }
    let parent = (event.parent as? any Span)?.context ?? InstrumentationContext.current ?? .topLevel
    let span = tracer.startSpan(typeNames.name(of: type(of: event.item)), context: parent, ofKind: .internal)
    span.updateAttributes { attributes in
      attributes["katana.kind"] = event.kind.spanKindName
      if event.kind == .returningSideEffect { attributes["katana.returning"] = true }
      attributes["katana.queue_wait_ns"] = Self.nanoseconds(event.queueWait)
    }
    return span
  }

  /// Runs the item's handling with its span's context bound as the task-local current context.
  ///
  /// While a side effect's body (or an updater's interceptor chain) runs, `ServiceContext.current`
  /// (also spelled `InstrumentationContext.current`) is the item's span context, and so it is in
  /// the child tasks the body starts. Libraries instrumented with swift-distributed-tracing that
  /// the side effect calls (an HTTP client, a database driver) therefore start their spans as
  /// children of the side effect's span, in the same trace. The caller's context is back once the
  /// handling is over. Without a span (no tracer bootstrapped) the handling runs as it is.
  ///
  /// - Parameters:
  ///   - token: the span ``dispatchWillBegin(_:)`` returned for the item, or `nil`.
  ///   - operation: the item's handling.
  /// - Returns: what `operation` returns.
  /// - Throws: what `operation` throws.
  public func withScope(
    of token: (any Sendable)?, _ operation: () async throws -> any Sendable
  ) async throws -> any Sendable {
    guard let span = token as? any Span else { return try await operation() }
    return try await InstrumentationContext.$current.withValue(span.context, operation: operation)
  }

  /// Runs an updater's interceptor chain (synchronous, on the dispatching thread) with the
  /// updater's span as the current context, so spans that interceptors start nest under it.
  ///
  /// - Parameters:
  ///   - token: the span ``dispatchWillBegin(_:)`` returned for the item, or `nil`.
  ///   - operation: the item's handling.
  /// - Throws: what `operation` throws.
  public func withSynchronousScope(of token: (any Sendable)?, _ operation: () throws -> Void) rethrows {
    guard let span = token as? any Span else { return try operation() }
    try InstrumentationContext.$current.withValue(span.context, operation: operation)
  }

  /// Ends the item's span, recording the outcome and any error.
  public func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    guard let span = token as? any Span else { return }
    switch outcome {
    case .completed:
      span.attributes["katana.outcome"] = "completed"
    case .failed(let error):
      span.attributes["katana.outcome"] = "failed"
      span.recordError(error)
      span.setStatus(SpanStatus(code: .error, message: String(describing: error)))
    }
    span.end()
  }

  /// Whole nanoseconds in `duration`, saturating at `Int64.max`.
  static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, sumOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflow, !sumOverflow else { return seconds < 0 ? .min : .max }
    return total
  }
}

extension DispatchKind {
  /// `Katana.StateUpdater` for updaters, `Katana.SideEffect` for both kinds of side effect.
  var spanKindName: String {
    switch self {
    case .stateUpdater: return "Katana.StateUpdater"
    case .sideEffect, .returningSideEffect: return "Katana.SideEffect"
    }
  }
}
