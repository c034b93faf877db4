public import KatanaSupport

/// The result of handling one dispatched item, delivered once to any number of waiters, plus how
/// the item can still be cancelled.
///
/// Results are type-erased (`any Sendable`) so that one completion serves the typed `dispatch`
/// overloads and `anyDispatch` alike; ``DispatchTask`` casts back when it hands the value out.
///
/// Every decision is made by its ``DispatchCompletionMachine`` under the completion's lock; this
/// type only takes the lock around each event and then does what the machine returned (resume
/// waiters, call a canceller) after letting go of it. It holds one reference, so making one is a
/// single heap allocation. Only items that cannot be settled inside `dispatch` need one: queued or
/// held updaters, and side effects.
@usableFromInline
struct DispatchCompletion: Sendable {
  @usableFromInline typealias Outcome = DispatchCompletionMachine.Outcome

  @usableFromInline let machine: LockedValue<DispatchCompletionMachine>

  /// A pending completion whose item has not started (cancelling drops it).
  @usableFromInline
  init() {
    machine = LockedValue(DispatchCompletionMachine(cancellation: .droppable))
  }

  /// A pending completion for an item that already runs and cannot be cancelled (an updater that
  /// was applied and waits for another thread to tell the listeners).
  @usableFromInline
  static func running() -> DispatchCompletion {
    DispatchCompletion(cancellation: .running)
  }

  init(cancellation: DispatchCancellation) {
    machine = LockedValue(DispatchCompletionMachine(cancellation: cancellation))
  }

  /// Records the outcome and resumes every waiter. Later calls are ignored: an item completes
  /// once.
  ///
  /// - Returns: whether this call completed the item.
  @usableFromInline @discardableResult
  func complete(_ outcome: Outcome) -> Bool {
    guard let waiters = machine.withLock({ $0.complete(outcome) }) else { return false }
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
    machine.withLock { $0.outcome }
  }

  /// Calls `callback` with the outcome: at once (on this thread) if the item is handled, else on
  /// the thread that completes it.
  @usableFromInline
  func whenComplete(_ callback: @escaping @Sendable (Outcome) -> Void) {
    if let ready = machine.withLock({ $0.wait(.callback(callback)) }) { callback(ready) }
  }

  /// Waits for the outcome, on the caller's executor. Not cancellable: the item keeps running
  /// whoever waits for it. Returns without suspending when the item is already handled.
  @usableFromInline
  nonisolated(nonsending) var outcome: Outcome {
    get async {
      if let done = finishedOutcome { return done }
      return await withUnsafeContinuation { continuation in
        if let ready = machine.withLock({ $0.wait(.continuation(continuation)) }) {
          continuation.resume(returning: ready)
        }
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
    machine.withLock { $0.start(willStartTask: willStartTask) }
  }

  /// Hands over the way to cancel the side effect's running task; calls it at once if
  /// cancellation was already asked for.
  func setTaskCanceller(_ cancel: @escaping @Sendable () -> Void) {
    if machine.withLock({ $0.taskStarted(cancel) }) { cancel() }
  }

  /// Cancels the item: drops it if it has not started, cancels its task if it is a running side
  /// effect, and does nothing once it is handled (or for a running updater).
  @usableFromInline
  func cancel() {
    switch machine.withLock({ $0.cancel() }) {
    case .none:
      break
    case .drop(let waiters, let outcome):
      Self.resume(waiters, with: outcome)
    case .call(let cancel):
      cancel()
    }
  }
}

/// The behaviour of a ``DispatchCompletion``: where the item stands, and every transition of it,
/// as a plain value. Each event is a `mutating` method that runs under the completion's lock,
/// calls no outside code, and returns what the caller must do once the lock is let go.
///
/// `pending` → `done`, once; nothing leaves `done`. While pending, the item's
/// ``DispatchCancellation`` moves `droppable` → `running` (an updater that started) or
/// `droppable` → `awaitingTask` → `task` (a side effect), and a cancel acts on where it is.
@usableFromInline
struct DispatchCompletionMachine: Sendable {
  @usableFromInline typealias Outcome = Result<any Sendable, any Error>

  @usableFromInline
  enum Phase: Sendable {
    /// Not handled yet: who waits, and what cancelling does.
    case pending([DispatchWaiter], DispatchCancellation)
    /// Handled, with this outcome.
    case done(Outcome)
  }

  @usableFromInline var phase: Phase

  init(cancellation: DispatchCancellation) {
    phase = .pending([], cancellation)
  }

  /// The outcome, once handled.
  var outcome: Outcome? {
    if case .done(let outcome) = phase { return outcome }
    return nil
  }

  /// Settles the item. Returns the waiters to resume, or `nil` if it was settled already (the
  /// first outcome stands).
  mutating func complete(_ outcome: Outcome) -> [DispatchWaiter]? {
    guard case .pending(let waiters, _) = phase else { return nil }
    phase = .done(outcome)
    return waiters
  }

  /// Adds a waiter; returns the outcome instead (the caller hands it over at once) if the item
  /// is handled already.
  mutating func wait(_ waiter: DispatchWaiter) -> Outcome? {
    switch phase {
    case .done(let outcome):
      return outcome
    case .pending(var waiters, let cancellation):
      // Moved out first, so appending does not copy the array.
      phase = .done(.success(()))
      waiters.append(waiter)
      phase = .pending(waiters, cancellation)
      return nil
    }
  }

  /// The item starts: it can no longer be dropped. Returns `false` (and the caller must not run
  /// it) if it was settled before, a cancel that dropped it included.
  mutating func start(willStartTask: Bool) -> Bool {
    guard case .pending(let waiters, let cancellation) = phase else { return false }
    switch cancellation {
    case .droppable:
      phase = .pending(waiters, willStartTask ? .awaitingTask(cancelled: false) : .running)
    case .running, .awaitingTask, .task:
      // Started already (an item is started once); stays as it is.
      break
    }
    return true
  }

  /// A side effect's task exists now; returns `true` if a cancel came before it (the caller
  /// cancels the task at once) and `false` once the canceller is kept.
  mutating func taskStarted(_ cancel: @escaping @Sendable () -> Void) -> Bool {
    guard case .pending(let waiters, let cancellation) = phase else { return false }
    if case .awaitingTask(cancelled: true) = cancellation { return true }
    phase = .pending(waiters, .task(cancel))
    return false
  }

  /// Someone cancels the item.
  mutating func cancel() -> CancelAction {
    guard case .pending(let waiters, let cancellation) = phase else { return .none }
    switch cancellation {
    case .droppable:
      // Settled here, under the lock, so a runner cannot start the item in between.
      let dropped: Outcome = .failure(CancellationError())
      phase = .done(dropped)
      return .drop(waiters, dropped)
    case .running, .awaitingTask(cancelled: true):
      return .none
    case .awaitingTask(cancelled: false):
      phase = .pending(waiters, .awaitingTask(cancelled: true))
      return .none
    case .task(let cancel):
      return .call(cancel)
    }
  }
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

/// What ``DispatchCompletionMachine/cancel()`` decided.
enum CancelAction {
  case none
  /// Dropped: resume these waiters with this outcome.
  case drop([DispatchWaiter], DispatchCompletionMachine.Outcome)
  /// Call the running task's canceller.
  case call(@Sendable () -> Void)
}
