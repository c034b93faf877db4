public import KatanaSupport

/// The result of handling one dispatched item, delivered once to any number of waiters, plus how
/// the item can still be cancelled.
///
/// Results are type-erased (`any Sendable`) so that one completion serves the typed `dispatch`
/// overloads and `anyDispatch` alike; ``DispatchTask`` casts back when it hands the value out.
///
/// A completion *is* its locked phase (a `LockedValue`), so making one is a single heap
/// allocation. Only items that cannot be settled inside `dispatch` need one: queued or held
/// updaters, and side effects.
@usableFromInline
typealias DispatchCompletion = LockedValue<DispatchCompletionPhase>

/// Where a ``DispatchCompletion`` stands.
@usableFromInline
enum DispatchCompletionPhase: Sendable {
  /// Not handled yet.
  case pending([DispatchWaiter], DispatchCancellation)
  /// Handled, with this outcome.
  case done(Result<any Sendable, any Error>)
}

/// Someone waiting for an item's outcome.
@usableFromInline
enum DispatchWaiter: Sendable {
  /// An awaiting `value`.
  case continuation(UnsafeContinuation<Result<any Sendable, any Error>, Never>)
  /// Internal code told synchronously, on the thread that completes the item.
  case callback(@Sendable (Result<any Sendable, any Error>) -> Void)
}

/// What ``DispatchTask/cancel()`` does to an item that is still pending.
@usableFromInline
enum DispatchCancellation: Sendable {
  /// Held or queued, not started: cancelling drops it (its `value` throws `CancellationError`).
  case droppable
  /// Running and not cancellable (an updater inside its interceptor chain): cancelling does nothing.
  case running
  /// A side effect that will start a task: cancelling now cancels that task as soon as it exists.
  case awaitingTask(cancelled: Bool)
  /// A side effect whose task runs: cancelling calls this (which cancels the task).
  case task(@Sendable () -> Void)
}

extension LockedValue where Value == DispatchCompletionPhase {
  @usableFromInline typealias Outcome = Result<any Sendable, any Error>

  /// A pending completion whose item has not started (cancelling drops it).
  @usableFromInline
  convenience init() {
    self.init(.pending([], .droppable))
  }

  /// Records the outcome and resumes every waiter. Later calls are ignored: an item completes
  /// once.
  ///
  /// - Returns: whether this call completed the item.
  @usableFromInline @discardableResult
  func complete(_ outcome: Outcome) -> Bool {
    let waiters: [DispatchWaiter]? = withLock { phase in
      guard case .pending(let waiters, _) = phase else { return nil }
      phase = .done(outcome)
      return waiters
    }
    guard let waiters else { return false }
    Self.resume(waiters, with: outcome)
    return true
  }

  /// Hands `outcome` to everyone who waited; called outside the lock.
  static func resume(_ waiters: [DispatchWaiter], with outcome: Outcome) {
    for waiter in waiters {
      switch waiter {
      case .continuation(let continuation): continuation.resume(returning: outcome)
      case .callback(let callback): callback(outcome)
      }
    }
  }

  @usableFromInline
  func succeed(_ value: any Sendable = ()) { complete(.success(value)) }

  @usableFromInline
  func fail(_ error: any Error) { complete(.failure(error)) }

  /// The outcome, if the item has been handled.
  var finishedOutcome: Outcome? {
    withLock { phase in
      if case .done(let outcome) = phase { return outcome }
      return nil
    }
  }

  /// Calls `callback` with the outcome: at once (on this thread) if the item is handled, else on
  /// the thread that completes it.
  @usableFromInline
  func whenComplete(_ callback: @escaping @Sendable (Outcome) -> Void) {
    let ready: Outcome? = withLock { phase in
      switch phase {
      case .done(let outcome):
        return outcome
      case .pending(var waiters, let cancellation):
        waiters.append(.callback(callback))
        phase = .pending(waiters, cancellation)
        return nil
      }
    }
    if let ready { callback(ready) }
  }

  /// Waits for the outcome, on the caller's executor. Not cancellable: the item keeps running
  /// whoever waits for it. Returns without suspending when the item is already handled.
  @usableFromInline
  nonisolated(nonsending) var outcome: Outcome {
    get async {
      if let done = finishedOutcome { return done }
      return await withUnsafeContinuation { continuation in
        let ready: Outcome? = withLock { phase in
          switch phase {
          case .done(let outcome):
            return outcome
          case .pending(var waiters, let cancellation):
            waiters.append(.continuation(continuation))
            phase = .pending(waiters, cancellation)
            return nil
          }
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }

  // MARK: Cancellation

  /// Marks a held or queued item as started. Returns `false` if it was cancelled (dropped)
  /// before, in which case the caller must not run it.
  ///
  /// - Parameter willStartTask: `true` for a side effect (a later `cancel()` cancels its task),
  ///   `false` for an updater (a running updater cannot be cancelled).
  @usableFromInline
  func markStarted(willStartTask: Bool) -> Bool {
    withLock { phase in
      guard case .pending(let waiters, _) = phase else { return false }
      phase = .pending(waiters, willStartTask ? .awaitingTask(cancelled: false) : .running)
      return true
    }
  }

  /// Hands over the way to cancel the side effect's running task; calls it at once if
  /// cancellation was already asked for.
  func setTaskCanceller(_ cancel: @escaping @Sendable () -> Void) {
    let cancelNow = withLock { phase -> Bool in
      guard case .pending(let waiters, let cancellation) = phase else { return false }
      if case .awaitingTask(cancelled: true) = cancellation { return true }
      phase = .pending(waiters, .task(cancel))
      return false
    }
    if cancelNow { cancel() }
  }

  /// Cancels the item: drops it if it has not started, cancels its task if it is a running side
  /// effect, and does nothing once it is handled (or for a running updater).
  @usableFromInline
  func cancel() {
    let dropped: Outcome = .failure(CancellationError())
    let action = withLock { phase -> CancelAction in
      guard case .pending(let waiters, let cancellation) = phase else { return .none }
      switch cancellation {
      case .droppable:
        // Settled under the lock, so a runner cannot start the item in between.
        phase = .done(dropped)
        return .drop(waiters)
      case .running, .awaitingTask(cancelled: true):
        return .none
      case .awaitingTask(cancelled: false):
        phase = .pending(waiters, .awaitingTask(cancelled: true))
        return .none
      case .task(let cancel):
        return .call(cancel)
      }
    }
    switch action {
    case .none:
      break
    case .drop(let waiters):
      Self.resume(waiters, with: dropped)
    case .call(let cancel):
      cancel()
    }
  }
}

/// What ``DispatchCompletion/cancel()`` decided under the lock.
enum CancelAction {
  case none
  case drop([DispatchWaiter])
  case call(@Sendable () -> Void)
}
