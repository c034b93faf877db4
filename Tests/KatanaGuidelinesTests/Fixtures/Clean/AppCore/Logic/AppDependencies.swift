public import Katana

/// The app's managers and observers, built once by the store.
public final class AppDependencies: SideEffectDependencyContainer {
  /// Checks credentials.
  public let login: LoginManager
  /// Brings connectivity changes into the store.
  let connectivity: ConnectivityObserver

  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    login = LoginManager(keychain: KeychainManager())
    connectivity = ConnectivityObserver(dispatch: dispatch)
  }
}
