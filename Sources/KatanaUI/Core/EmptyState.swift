/// No internal state; the default ``NodeDescription/StateType``. Always equal to itself.
public struct EmptyState: NodeDescriptionState, Hashable, Sendable {
  /// Default props; configure them with `build`.
  public init() {}
}
