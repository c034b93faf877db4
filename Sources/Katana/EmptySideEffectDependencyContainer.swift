/// A dependency container with nothing in it, for stores whose side effects need no managers.
public final class EmptySideEffectDependencyContainer: SideEffectDependencyContainer {
  /// Creates the empty container; both closures are ignored.
  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {}
}
