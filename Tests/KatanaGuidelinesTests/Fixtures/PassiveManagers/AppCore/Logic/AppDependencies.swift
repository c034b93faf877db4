public import Katana

/// The app's managers.
public final class AppDependencies: SideEffectDependencyContainer {
  /// Checks credentials.
  public let login: LoginManager

  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    login = LoginManager(keychain: KeychainManager(), dispatch: dispatch)
  }
}
