public import Katana

/// The app's managers, in the wrong folder.
public final class AppDependencies: SideEffectDependencyContainer {
  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {}
}
