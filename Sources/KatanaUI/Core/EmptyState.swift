/// No internal state; the default ``NodeDescription/StateType``. Always equal to itself.
public struct EmptyState: NodeDescriptionState, Hashable, Sendable {
  public init() {}
}
