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
    let types = LoggedTypes(prefix: "[Dispatchable]: ", blackList: blackList)
    return { _ in
      { next in
        { item in
          try next(item)
          types.withEntry(of: item, type: dynamicItemType(of: item)) { entry in
            guard let line = entry.line else { return }
            // An updater was handled by `next`; the task-local run is read only for side effects.
            guard !entry.isStateUpdater, let run = SideEffectRun.current else { return sink(line) }
            log(line, whenHandled: run, to: sink)
          }
        }
      }
    }
  }

  /// Logs a side effect's line once its body has finished.
  private static func log(_ line: String, whenHandled run: SideEffectRun, to sink: @escaping @Sendable (String) -> Void) {
    run.whenHandled { outcome in
      switch outcome {
      case .success: sink(line)
      // Cancelled (cancel in flight, `cancel(id:)`, `DispatchTask.cancel()`): said so.
      case .failure(let error) where error is CancellationError: sink(line + " (cancelled)")
      case .failure: break
      }
    }
  }
}
