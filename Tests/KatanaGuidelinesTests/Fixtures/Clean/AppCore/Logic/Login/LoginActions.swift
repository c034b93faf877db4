public import Katana

/// Logging in and out: the module's public interface.
public enum LoginActions {
  /// Logs in with the given credentials and remembers the user.
  ///
  /// - Parameter user: who logs in.
  public struct PerformLogin: SideEffect {
    public let user: String
    /// The password, as typed.
    public let password: String

    public func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {
      let token = try await context.dependencies.login.logIn(user: user, password: password)
      try await context.dispatch(SetUser(user: user, token: token)).value
    }
  }
}

fileprivate extension LoginActions {
  /// Stores the logged-in user; only ``PerformLogin`` dispatches it.
  struct SetUser: StateUpdater {
    let user: String
    let token: String

    func updateState(_ state: inout AppState) {
      state.user = user
      state.token = token
    }
  }
}
