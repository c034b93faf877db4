/// A side effect (or returning side effect) that can be cancelled by id while it runs: the
/// store's take on TCA's `cancellable(id:cancelInFlight:)`.
///
/// Starting one while another with the same ``cancellationID`` runs in the same store resolves
/// the clash by ``inFlightPolicy``: by default the running one is cancelled and the new one runs
/// (search-as-you-type, refresh). ``Store/cancel(id:)`` (or
/// ``SideEffectContext/cancel(id:)``) cancels every running one with an id from anywhere.
///
/// ```swift
/// struct Search: SideEffect, CancellableSideEffect {
///   let query: String
///   var cancellationID: String { "search" }
///
///   func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {
///     try await context.dependencies.clock.sleep(for: .milliseconds(300))  // debounce
///     let results = try await context.dependencies.api.search(query)
///     try await context.dispatch(ShowResults(results)).value
///   }
/// }
/// ```
///
/// Cancellation is cooperative, as for ``DispatchTask/cancel()``: the cancelled side effect's task
/// is cancelled (a sleep on a clock, `Task.checkCancellation()` and cancellation-aware calls throw
/// `CancellationError`), and its ``DispatchTask/value`` reports what the body then does, usually
/// that `CancellationError`. Interceptors see the item go through as usual; the instrumentation
/// hook sees it end with that error, and the loggers and DevTools show it as cancelled. One that
/// is cancelled before it starts (held while the store was not ready) never runs, and its `value`
/// throws `CancellationError`.
///
/// Ids are compared with `==` within one store; items of different types that return equal ids
/// cancel each other (use that to cancel a family of side effects together).
public protocol CancellableSideEffect: Dispatchable {
  /// The type of ``cancellationID``.
  associatedtype CancellationID: Hashable & Sendable

  /// The id this side effect runs under while it runs; read once, when it starts.
  var cancellationID: CancellationID { get }

  /// What happens when this side effect starts while another with the same id runs;
  /// ``InFlightPolicy/cancelRunning`` unless the type says otherwise.
  var inFlightPolicy: InFlightPolicy { get }
}

extension CancellableSideEffect {
  /// The running one is cancelled and this one runs, as TCA's `cancelInFlight: true`.
  public var inFlightPolicy: InFlightPolicy { .cancelRunning }
}
