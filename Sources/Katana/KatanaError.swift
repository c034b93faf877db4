/// A misuse of the store that Katana reports instead of crashing.
///
/// These errors come out of ``DispatchTask/value``. Each case names the dispatched item's type
/// (its ``Dispatchable/debugDescription``) so the message points at the code to fix.
public enum KatanaError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The item was dispatched through a store (or one of its contexts or dependency containers)
  /// that has been released, or the store was released before it could handle the item.
  case storeReleased(_ item: String)

  /// An interceptor neither called `next` nor threw for a ``ReturningSideEffect``, so there is no
  /// value to hand back.
  case returningSideEffectSwallowed(_ item: String)

  /// The item reached a store whose state type differs from the item's `StateType`.
  ///
  /// The typed `dispatch` overloads on ``Store`` reject such items at compile time; this error
  /// comes from type-erased paths (``AnyStore``, ``AnySideEffectContext``, `anyDispatch`).
  case stateTypeMismatch(_ item: String, expected: String, actual: String)

  /// A ``SideEffect`` reached a store whose dependency container type differs from the item's
  /// `Dependencies`.
  case dependenciesTypeMismatch(_ item: String, expected: String, actual: String)

  /// The item's result could not be handed back as the type the dispatcher awaits, because an
  /// interceptor replaced the item with one of another kind.
  case returnValueTypeMismatch(_ item: String, expected: String, actual: String)

  /// The item is neither a ``StateUpdater`` nor a side effect, or it is both, so the store cannot
  /// tell how to handle it.
  case notDispatchable(_ item: String, reason: String)

  /// The item was dispatched synchronously from inside a ``StateUpdater/updateState(_:)`` of the
  /// same store. Updaters must be pure; dispatch from a side effect instead.
  case dispatchFromStateUpdater(_ item: String)

  /// A readable explanation that says what to change.
  public var description: String {
    switch self {
    case .storeReleased(let item):
      return "\(item) was dispatched to a store that has been released."
    case .returningSideEffectSwallowed(let item):
      return "An interceptor swallowed the returning side effect \(item) (it neither called next nor threw), "
        + "so there is no value to return."
    case .stateTypeMismatch(let item, let expected, let actual):
      return "\(item) updates \(expected), but it was dispatched to a store of \(actual)."
    case .dependenciesTypeMismatch(let item, let expected, let actual):
      return "\(item) needs dependencies of type \(expected), but the store provides \(actual)."
    case .returnValueTypeMismatch(let item, let expected, let actual):
      return "\(item) produced a value of type \(actual), but the dispatcher awaits \(expected); "
        + "an interceptor probably replaced the item."
    case .notDispatchable(let item, let reason):
      return "\(item) cannot be dispatched: \(reason)"
    case .dispatchFromStateUpdater(let item):
      return "\(item) was dispatched from inside a StateUpdater of the same store; "
        + "updaters must be pure: dispatch from a side effect or a listener instead."
    }
  }
}
