/// The ``ReturningSideEffect/Dependencies`` of a returning side effect that declares none: one
/// that implements only the type-erased requirement, so it runs in a store of any dependency
/// container.
///
/// A marker, not a container to build a store with.
public final class UndeclaredDependencies: SideEffectDependencyContainer {
  /// Required by ``SideEffectDependencyContainer``; the marker holds nothing.
  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {}
}
