import KatanaSupport

/// One side effect going through the interceptor chain: whether its body started, how it ended,
/// and who waits for that.
///
/// A side effect's chain runs synchronously on the dispatching thread; `next` starts the body in
/// a task and returns at once. The item is handled when the chain has returned *and* the body (if
/// `next` started it) has finished: then ``finish`` settles the dispatcher's `value` with the
/// chain's error if it threw, else the body's outcome.
///
/// While the chain runs, the run is ``current`` on the chain's thread, which lets the built-in
/// interceptors (the logger, the observer, KatanaLogging's) see when the body finishes through
/// ``whenHandled(_:)``, as the original Katana's did. Custom interceptors see only the start;
/// completion reaches them through the instrumentation hook.
package final class SideEffectRun: Sendable {
  /// The run whose chain is running on this thread, if any.
  @TaskLocal package static var current: SideEffectRun?

  /// The store whose chain this is; `next` called for another store's run is not this run.
  let owner: ObjectIdentifier
  let item: any Dispatchable
  let kind: DispatchKind
  /// The item's completion; its task canceller is set when the body starts.
  let completion: DispatchCompletion
  /// Settles the item (its `value`, the instrumentation's end) with the final outcome.
  private let finish: @Sendable (Result<any Sendable, any Error>) -> Void
  private let progress = LockedValue(Progress())

  private struct Progress: Sendable {
    var isChaining = true
    var chainError: (any Error)?
    var body: Body = .notStarted
  }

  private enum Body: Sendable {
    case notStarted
    case running([@Sendable (Result<any Sendable, any Error>) -> Void])
    case finished(Result<any Sendable, any Error>)
  }

  init(
    owner: ObjectIdentifier, item: any Dispatchable, kind: DispatchKind, completion: DispatchCompletion,
    finish: @escaping @Sendable (Result<any Sendable, any Error>) -> Void
  ) {
    self.owner = owner
    self.item = item
    self.kind = kind
    self.completion = completion
    self.finish = finish
  }

  /// Calls `hook` once the side effect has been handled, with the body's outcome: at once if the
  /// body has finished or was never started (an interceptor further down swallowed the item:
  /// success), else on the body's task when it finishes.
  ///
  /// For interceptors of this package, called after `next` returned.
  package func whenHandled(_ hook: @escaping @Sendable (Result<any Sendable, any Error>) -> Void) {
    let ready: Result<any Sendable, any Error>? = progress.withLock { progress in
      switch progress.body {
      case .notStarted:
        return .success(())
      case .finished(let outcome):
        return outcome
      case .running(var hooks):
        hooks.append(hook)
        progress.body = .running(hooks)
        return nil
      }
    }
    if let ready { hook(ready) }
  }

  /// Records that `next` starts the body. Returns `false` when the body cannot belong to this run
  /// (its chain already returned, or a body was already started): the caller then handles the
  /// item as a new dispatch.
  func bodyWillStart() -> Bool {
    progress.withLock { progress in
      guard progress.isChaining, case .notStarted = progress.body else { return false }
      progress.body = .running([])
      return true
    }
  }

  /// Records the body's outcome; settles the item if the chain has returned.
  func bodyFinished(_ outcome: Result<any Sendable, any Error>) {
    let (hooks, settle) = progress.withLock { progress -> ([@Sendable (Result<any Sendable, any Error>) -> Void], Result<any Sendable, any Error>?) in
      guard case .running(let hooks) = progress.body else { return ([], nil) }
      progress.body = .finished(outcome)
      guard !progress.isChaining else { return (hooks, nil) }
      return (hooks, progress.chainError.map { .failure($0) } ?? outcome)
    }
    for hook in hooks { hook(outcome) }
    if let settle { finish(settle) }
  }

  /// Records the end of the chain; settles the item unless the body is still running.
  func chainFinished(error: (any Error)?) {
    let settle = progress.withLock { progress -> Result<any Sendable, any Error>? in
      progress.isChaining = false
      progress.chainError = error
      switch progress.body {
      case .running:
        return nil
      case .finished(let outcome):
        return error.map { .failure($0) } ?? outcome
      case .notStarted:
        if let error { return .failure(error) }
        // Swallowed: no body, so a returning side effect has no value to give.
        return kind == .returningSideEffect
          ? .failure(KatanaError.returningSideEffectSwallowed(item.debugDescription))
          : .success(())
      }
    }
    if let settle { finish(settle) }
  }
}
