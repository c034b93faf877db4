import KatanaSupport

/// A ready-made interceptor that writes one line for each item the store handled.
///
/// ```swift
/// let logger = DispatchableLogger.interceptor(blackList: [Tick.self])
/// let store = Store<AppState, AppDependencies>(interceptors: [logger])
/// // [Dispatchable]: MyApp.IncrementCounter
/// ```
public enum DispatchableLogger {
  /// Creates an interceptor that logs each item that was handled successfully: one line holding
  /// its ``Dispatchable/debugDescription``.
  ///
  /// An updater is logged right after it was applied (inside `dispatch` when no other chain
  /// runs); a side effect when its body has finished successfully, as in the original Katana.
  /// Items that fail (a thrown error, an interceptor that stops them) are not logged, except a
  /// side effect that was cancelled (it ended with `CancellationError`: cancel in flight,
  /// ``Store/cancel(id:)``, ``DispatchTask/cancel()``), logged with ` (cancelled)` after its name.
  ///
  /// - Parameters:
  ///   - blackList: item types never logged; an item is skipped when its exact dynamic type is in
  ///     the list (subtypes of a listed class are still logged).
  ///   - sink: receives each line: on the thread that applied an updater, on the side effect's
  ///     task for a side effect. Prints to standard output by default. Route it to swift-log
  ///     with KatanaLogging, or to a test buffer.
  public static func interceptor(
    blackList: [any Dispatchable.Type] = [],
    sink: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> StoreInterceptor {
    let blocked = Set(blackList.map { ObjectIdentifier($0) })
    let lines = TypeNameCache(prefix: "[Dispatchable]: ")
    return { _ in
      { next in
        { item in
          try next(item)
          let type = type(of: item)
          guard !blocked.contains(ObjectIdentifier(type)) else { return }
          guard let run = SideEffectRun.current, DispatchKind(of: item) != .stateUpdater else {
            return sink(lines.name(of: type))
          }
          run.whenHandled { outcome in
            switch outcome {
            case .success: sink(lines.name(of: type))
            // Cancelled (cancel in flight, `cancel(id:)`, `DispatchTask.cancel()`): said so.
            case .failure(let error) where error is CancellationError: sink(lines.name(of: type) + " (cancelled)")
            case .failure: break
            }
          }
        }
      }
    }
  }
}
