public import Katana

/// Checks credentials; breaks every part of "managers are passive" once.
public final class LoginManager: Sendable {
  private let keychain: KeychainManager
  private let audit = AuditManager()
  private var attempts = 0
  private let dispatch: AnyDispatch

  public init(keychain: KeychainManager, dispatch: @escaping AnyDispatch) {
    self.keychain = keychain
    self.dispatch = dispatch
  }

  /// Logs `user` in.
  ///
  /// - Parameter user: who logs in.
  public func logIn(user: String) {
    _ = dispatch(LoginActions.SetUser(user: user))
  }

  /// The user logged in now.
  ///
  /// - Parameter getState: the store's state.
  public func currentUser(_ getState: GetState) -> String {
    (getState() as? AppState)?.user ?? ""
  }
}

/// Records log-ins; builds its own dependency.
public struct AuditManager: Sendable {
  private let keychain: KeychainManager

  public init() {
    keychain = KeychainManager()
  }
}

/// Keeps secrets.
public struct KeychainManager: Sendable {}
