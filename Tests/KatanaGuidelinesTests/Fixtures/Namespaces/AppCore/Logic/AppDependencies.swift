public import Katana

/// The app's managers.
public final class AppDependencies: SideEffectDependencyContainer {
  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {}
}
