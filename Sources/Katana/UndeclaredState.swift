/// The ``ReturningSideEffect/StateType`` of a returning side effect that declares none: one that
/// implements only the type-erased requirement, so it runs in a store of any state type.
///
/// A marker, not a state to build a store of.
public struct UndeclaredState: State {
  /// The marker's only value.
  public init() {}
}
