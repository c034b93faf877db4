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
