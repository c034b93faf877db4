/// A handle on one dispatched item: await it, or drop it to fire and forget.
///
/// `dispatch` starts the work at once and returns this handle without waiting, from any thread or
/// actor. Awaiting ``value`` never starts anything; it only waits. ``cancel()`` cancels the item.
///
/// ```swift
/// store.dispatch(IncrementCounter())                         // fire and forget
/// try await store.dispatch(IncrementCounter()).value         // wait until applied
/// let n = try await store.dispatch(Multiply(a: 5, b: 2)).value // 10
/// ```
///
/// Copies of a handle share the same item: awaiting any of them yields the same outcome.
public struct DispatchTask<Value: Sendable>: Sendable {
  @usableFromInline typealias Storage = DispatchTaskStorage

  /// Everything but the item's type, for a handle that is not simply applied; `nil` for an
  /// updater that `dispatch` applied synchronously. One optional reference: the hot path builds
  /// and drops an applied handle with no allocation, and dropping it is one release of `nil`
  /// where a handle of several existential fields went through outlined value witnesses (about
  /// 50 instructions per dispatched updater, callgrind on W1).
  @usableFromInline let handle: DispatchHandle?
  /// The dispatched item's type, for error messages.
  @usableFromInline let itemType: any Dispatchable.Type

  /// How the item stands.
  @inlinable var storage: Storage { handle?.storage ?? .applied }
  /// The dispatched item, kept so that ``retry(_:)`` can dispatch it again; `nil` when the item
  /// already succeeded (a success is never retried).
  @inlinable var item: (any Dispatchable)? { handle?.item }
  /// Where ``retry(_:)`` dispatches the item again; `nil` when there is no store to go back to or
  /// nothing to retry.
  @inlinable var dispatcher: (any Redispatching)? { handle?.dispatcher }

  @inlinable
  init(storage: Storage, item: any Dispatchable, dispatcher: (any Redispatching)?) {
    itemType = type(of: item)
    handle = DispatchHandle(storage: storage, item: item, dispatcher: dispatcher)
  }

  @inlinable
  init(handle: DispatchHandle?, itemType: any Dispatchable.Type) {
    self.handle = handle
    self.itemType = itemType
  }

  /// A handle on an updater that `dispatch` already applied, with listeners (if any) told.
  /// `package`: KatanaUI's session store applies a page's own updaters itself.
  @inlinable
  package static func applied(_ itemType: any Dispatchable.Type) -> Self {
    DispatchTask(handle: nil, itemType: itemType)
  }

  /// The item's result, once it has been handled.
  ///
  /// - For a ``StateUpdater``: returns after the new state is stored and every listener that was
  ///   registered before the update was applied has been called with it.
  /// - For a ``SideEffect`` or ``ReturningSideEffect``: returns the body's return value when the
  ///   body returns (work the body starts without awaiting is not waited for).
  ///
  /// Threading: `nonisolated(nonsending)`, so awaiting it never leaves the caller's actor. When
  /// the item is already handled (an updater that `dispatch` applied inline, say) it returns
  /// without suspending at all: a `@MainActor` caller is not hopped off and back.
  ///
  /// Cancellation: cancelling the task that awaits `value` does **not** cancel the item (it may
  /// matter to others, and the wait is not interrupted either); call ``cancel()`` for that.
  ///
  /// - Throws: the error thrown by the side effect or by an interceptor, unchanged;
  ///   `CancellationError` for an item that ``cancel()`` dropped before it ran (or whose body
  ///   threw it); or a ``KatanaError`` for a misuse (released store, swallowed returning side
  ///   effect, wrong state type, dispatch from inside an updater).
  @inlinable
  public nonisolated(nonsending) var value: Value {
    get async throws {
      guard let handle else {
        // An applied updater's value is `()`: no dynamic cast for the common `DispatchTask<Void>`.
        if Value.self == Void.self { return unsafeBitCast((), to: Value.self) }
        return try Self.unwrap(.success(()), itemType: itemType)
      }
      // Only the completion is kept across the wait, not a copy of the whole storage.
      if case .pending(let completion) = handle.storage {
        return try Self.unwrap(await completion.outcome, itemType: itemType)
      }
      return try Self.unwrap(handle.settledOutcome, itemType: itemType)
    }
  }

  /// Cancels the item.
  ///
  /// - A side effect's task is cancelled: its body sees it cooperatively (`Task.isCancelled`,
  ///   `Task.checkCancellation()`, a cancelled `Task.sleep` or clock sleep throws), and ``value``
  ///   reports what the body then does (usually throwing `CancellationError`).
  /// - An item that has not started (held until the store is ready, or an updater queued behind
  ///   a running interceptor chain) is dropped: it never runs, and ``value`` throws
  ///   `CancellationError`.
  /// - An item already handled, or an updater being applied, is not affected.
  ///
  /// Safe to call from any thread, any number of times.
  public func cancel() {
    guard case .pending(let completion) = storage else { return }
    completion.cancel()
  }

  @inlinable
  static func unwrap(_ outcome: DispatchCompletion.Outcome, itemType: any Dispatchable.Type) throws -> Value {
    let result = try outcome.get()
    if let typed = result as? Value { return typed }
    throw KatanaError.returnValueTypeMismatch(
      String(reflecting: itemType),
      expected: String(reflecting: Value.self),
      actual: String(reflecting: type(of: result))
    )
  }

  /// Dispatches the same item again after each failure, until it succeeds or has run `attempts`
  /// times in all.
  ///
  /// The first run, the one this handle stands for, counts as one attempt, so `retry(1)` or less
  /// never runs the item again. Each new attempt goes through the store's whole interceptor
  /// chain, exactly like a new dispatch. Retrying starts at once, whether or not anyone awaits the
  /// returned handle.
  ///
  /// - Parameter attempts: the most runs in all, the first included.
  /// - Returns: a handle whose value is the first success, or the last error.
  public func retry(_ attempts: Int) -> DispatchTask<Value> {
    // A handle that already succeeded (or cannot be dispatched again) has nothing to retry.
    guard attempts > 1, let item, let dispatcher else { return self }
    let completion = DispatchCompletion()
    _ = completion.markStarted(willStartTask: true)
    let first = self
    let task = Task {
      var attempt = first
      var outcome = await Self.outcome(of: attempt)
      var runs = 1
      while case .failure = outcome, runs < attempts, !Task.isCancelled {
        attempt = dispatcher.redispatch(item).erased()
        outcome = await Self.outcome(of: attempt)
        runs += 1
      }
      completion.complete(outcome)
    }
    completion.setTaskCanceller { task.cancel() }
    return DispatchTask(
      handle: DispatchHandle(storage: .pending(completion), item: item, dispatcher: dispatcher), itemType: itemType)
  }

  /// The attempt's outcome; cancelling the waiting task cancels the attempt.
  private static func outcome(of attempt: DispatchTask) async -> DispatchCompletion.Outcome {
    await withTaskCancellationHandler {
      await attempt.outcome
    } onCancel: {
      attempt.cancel()
    }
  }

  /// The type-erased outcome, without unwrapping.
  @usableFromInline
  nonisolated(nonsending) var outcome: DispatchCompletion.Outcome {
    get async {
      switch storage {
      case .applied: return .success(())
      case .completed(let done): return done
      case .pending(let completion): return await completion.outcome
      }
    }
  }

  /// Calls `settled` once the item has been handled (succeeded, failed or was cancelled): at
  /// once, on this thread, when it already is; else on the thread that settles it, before anyone
  /// awaiting ``value`` resumes. For the package's tools that keep handles and must let go of
  /// finished ones (KatanaUI's screen work); not public API.
  package func whenSettled(_ settled: @escaping @Sendable () -> Void) {
    guard case .pending(let completion) = storage else { return settled() }
    completion.whenComplete { _ in settled() }
  }

  /// The same item, seen as a task with another value type (the outcome is cast when awaited).
  @inlinable
  func erased<Other: Sendable>(as _: Other.Type = Other.self) -> DispatchTask<Other> {
    DispatchTask<Other>(handle: handle, itemType: itemType)
  }

  /// A handle that has already failed with `error`.
  @inlinable
  static func failed(_ error: any Error, item: any Dispatchable, dispatcher: (any Redispatching)?) -> Self {
    DispatchTask(storage: .completed(.failure(error)), item: item, dispatcher: dispatcher)
  }
}

/// Something that can dispatch an item again, for ``DispatchTask/retry(_:)``.
@usableFromInline
protocol Redispatching: AnyObject, Sendable {
  func redispatch(_ item: any Dispatchable) -> DispatchTask<any Sendable>
}

// MARK: - What a handle that is not simply applied holds

/// What a ``DispatchTask`` that is not simply applied holds; shared by its copies (and by the
/// same handle seen with another value type).
///
/// A class, so that the handle itself is one optional reference (`nil` when applied): dropping an
/// applied handle is then free of value witnesses. It costs pending and failed items, which
/// already allocate (a completion, an error), one allocation more.
@usableFromInline
final class DispatchHandle: Sendable {
  @usableFromInline let storage: DispatchTaskStorage
  /// The item, for ``DispatchTask/retry(_:)``; `nil` when there is nothing to retry.
  @usableFromInline let item: (any Dispatchable)?
  /// Where ``DispatchTask/retry(_:)`` dispatches the item again.
  @usableFromInline let dispatcher: (any Redispatching)?

  @inlinable
  init(storage: DispatchTaskStorage, item: (any Dispatchable)?, dispatcher: (any Redispatching)?) {
    self.storage = storage
    self.item = item
    self.dispatcher = dispatcher
  }
}

extension DispatchHandle {
  /// The outcome of a handle that is not pending.
  @inlinable
  var settledOutcome: DispatchCompletion.Outcome {
    switch storage {
    case .applied: return .success(())
    case .completed(let done): return done
    case .pending: preconditionFailure("settledOutcome read on a pending handle")
    }
  }
}

/// How a dispatched item stands: what a ``DispatchTask`` awaits.
@usableFromInline
enum DispatchTaskStorage: Sendable {
  /// An updater applied synchronously by `dispatch`: the value is `()`.
  case applied
  case completed(DispatchCompletion.Outcome)
  case pending(DispatchCompletion)
}
