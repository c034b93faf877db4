public import Katana
public import Logging

extension DispatchableLogger {
  /// Creates an interceptor that logs every item the store handles through a swift-log `Logger`.
  ///
  /// Each item gives one log entry, written once the item has been handled, with:
  /// - the message `Katana.<Kind> <ItemType> handled in <ms> ms` (or `failed after`, or
  ///   `cancelled after` when it ended with `CancellationError`);
  /// - metadata `katana.item` (the item's type), `katana.kind` (`StateUpdater`, `SideEffect` or
  ///   `ReturningSideEffect`), `katana.duration_ms`, `katana.outcome` (`completed`, `cancelled` or `failed`),
  ///   and `katana.error` for failures;
  /// - with `logStateDiff`, for state updaters, `katana.state_diff`: the fields the updater
  ///   changed, as `path: old → new`, separated by `; `.
  ///
  /// ```swift
  /// let logger = Logger(label: "app.store")
  /// let store = Store<CounterState, AppDependencies>(interceptors: [
  ///   DispatchableLogger.interceptor(logger: logger, level: .debug, logStateDiff: true)
  /// ])
  /// // debug: Katana.StateUpdater App.IncrementCounter handled in 0.012 ms
  /// //        katana.state_diff=counter: 0 → 1 …
  /// ```
  ///
  /// Cost: when `level` is not enabled on the logger, the interceptor reads no state and builds no
  /// message; the diff is computed only when the entry is really written. Put the interceptor
  /// first to time the whole chain, last to time only the store's own work.
  ///
  /// - Parameters:
  ///   - logger: where entries go.
  ///   - level: the level of entries for items that were handled.
  ///   - failureLevel: the level of entries for items that threw (the error is rethrown unchanged).
  ///   - blackList: item types never logged; an item is skipped when its exact dynamic type is in
  ///     the list.
  ///   - logStateDiff: whether to add the state change of each updater.
  public static func interceptor(
    logger: Logger,
    level: Logger.Level = .info,
    failureLevel: Logger.Level = .error,
    blackList: [any Dispatchable.Type] = [],
    logStateDiff: Bool = false
  ) -> StoreInterceptor {
    let blocked = Set(blackList.map { ObjectIdentifier($0) })
    return { context in
      { next in
        { item in
          // A UI session's updater (a browser page's) is named and black-listed as the updater
          // the page dispatched; it is still passed on as it came.
          let shown = unrouted(item)
          guard !blocked.contains(ObjectIdentifier(type(of: shown))), let kind = DispatchKind(of: item) else {
            return try next(item)
          }
          // Read the state only if the entry will be written and will carry a diff.
          let before: (any State)? =
            logStateDiff && kind == .stateUpdater && logger.logLevel <= level ? context.getAnyState() : nil
          let start = ContinuousClock.now
          let entry = LogEntry(logger: logger, level: level, failureLevel: failureLevel, item: shown, kind: kind)
          do {
            try next(item)
          } catch {
            entry.write(elapsed: ContinuousClock.now - start, outcome: .failure(error), diff: nil)
            throw error
          }
          if kind != .stateUpdater, let run = SideEffectRun.current {
            // A side effect: its entry is written when its body has finished, timed to then.
            run.whenHandled { outcome in
              entry.write(elapsed: ContinuousClock.now - start, outcome: outcome, diff: nil)
            }
            return
          }
          let diff = before.map { StateDiff.changes(from: $0, to: context.getAnyState()) }
          entry.write(elapsed: ContinuousClock.now - start, outcome: .success(()), diff: diff)
        }
      }
    }
  }

  /// A sink for `DispatchableLogger.interceptor(blackList:sink:)` that writes each line
  /// through a swift-log `Logger`.
  ///
  /// ```swift
  /// DispatchableLogger.interceptor(sink: DispatchableLogger.sink(logger: logger, level: .debug))
  /// ```
  ///
  /// - Parameters:
  ///   - logger: where lines go.
  ///   - level: the level of every line.
  public static func sink(logger: Logger, level: Logger.Level = .info) -> @Sendable (String) -> Void {
    { line in logger.log(level: level, "\(line)") }
  }
}

/// One item's log entry, written once the item has been handled.
private struct LogEntry: Sendable {
  let logger: Logger
  let level: Logger.Level
  let failureLevel: Logger.Level
  let item: any Dispatchable
  let kind: DispatchKind

  /// Writes the entry: at `level` for a success (with the state diff, if given), at
  /// `failureLevel` with the error for a failure.
  func write(elapsed: Duration, outcome: Result<any Sendable, any Error>, diff: [String]?) {
    var metadata: Logger.Metadata = [
      "katana.item": .string(item.debugDescription),
      "katana.kind": .string(kind.description),
      "katana.duration_ms": .string(milliseconds(elapsed)),
    ]
    switch outcome {
    case .success:
      metadata["katana.outcome"] = "completed"
      if let diff {
        metadata["katana.state_diff"] = .string(diff.isEmpty ? "no change" : diff.joined(separator: "; "))
      }
      logger.log(
        level: level, "Katana.\(kind) \(item.debugDescription) handled in \(milliseconds(elapsed)) ms",
        metadata: metadata)
    case .failure(let error) where error is CancellationError:
      metadata["katana.outcome"] = "cancelled"
      logger.log(
        level: level, "Katana.\(kind) \(item.debugDescription) cancelled after \(milliseconds(elapsed)) ms",
        metadata: metadata)
    case .failure(let error):
      metadata["katana.outcome"] = "failed"
      metadata["katana.error"] = .string(String(describing: error))
      logger.log(
        level: failureLevel, "Katana.\(kind) \(item.debugDescription) failed after \(milliseconds(elapsed)) ms",
        metadata: metadata)
    }
  }
}

/// `elapsed` in milliseconds with three decimals, e.g. `0.042`.
func milliseconds(_ elapsed: Duration) -> String {
  let microseconds = (elapsed / .microseconds(1)).rounded()
  let whole = Int(microseconds / 1000)
  let fraction = Int(microseconds.truncatingRemainder(dividingBy: 1000))
  let padded = String(fraction)
  return "\(whole)." + String(repeating: "0", count: max(0, 3 - padded.count)) + padded
}
