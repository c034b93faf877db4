/// The kind of a dispatched item: how the store handles it.
///
/// One classification serves the store, instrumentation and the logging and testing products, so
/// they never disagree about an item:
/// - an item that is a ``StateUpdater`` and nothing else is a state updater;
/// - an item that is a ``ReturningSideEffect`` (and maybe also a ``SideEffect``) is a returning
///   side effect, as in the original Katana;
/// - an item that is only a ``SideEffect`` is a side effect;
/// - an item that is a ``StateUpdater`` *and* a side effect, or none of the three, has no kind: the
///   store rejects it with ``KatanaError/notDispatchable(_:reason:)``.
public enum DispatchKind: String, Sendable, Hashable, CustomStringConvertible {
  /// A ``StateUpdater``.
  case stateUpdater
  /// A ``SideEffect``.
  case sideEffect
  /// A ``ReturningSideEffect``.
  case returningSideEffect

  /// The kind of `item`, or `nil` when the store cannot handle it.
  public init?(of item: any Dispatchable) {
    guard case .kind(let kind) = Self.classify(item) else { return nil }
    self = kind
  }

  /// The name instrumentation shows: `StateUpdater`, `SideEffect` or `ReturningSideEffect`.
  public var description: String {
    switch self {
    case .stateUpdater: return "StateUpdater"
    case .sideEffect: return "SideEffect"
    case .returningSideEffect: return "ReturningSideEffect"
    }
  }

  /// The outcome of classifying an item: its kind, or why it has none.
  package enum Classification: Sendable {
    case kind(DispatchKind)
    case invalid(reason: String)
  }

  /// Classifies `item` by the protocols its dynamic type conforms to.
  package static func classify(_ item: any Dispatchable) -> Classification {
    let isUpdater = item is any StateUpdater
    let isReturning = item is any ReturningSideEffect
    let isSideEffect = item is any SideEffect
    switch (isUpdater, isReturning || isSideEffect) {
    case (true, false):
      return .kind(.stateUpdater)
    case (false, true):
      return .kind(isReturning ? .returningSideEffect : .sideEffect)
    case (false, false):
      return .invalid(reason: "it conforms to neither StateUpdater, SideEffect nor ReturningSideEffect.")
    case (true, true):
      return .invalid(
        reason: "it conforms to StateUpdater and to a side-effect protocol, so its meaning is ambiguous.")
    }
  }
}
