public import Katana

/// The app's observers.
public final class AppDependencies: SideEffectDependencyContainer {
  let connectivity: ConnectivityObserver
  let sync: SyncListener

  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    connectivity = ConnectivityObserver(dispatch: dispatch)
    sync = SyncListener(dispatch: dispatch)
  }
}
