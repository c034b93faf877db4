public import Katana

/// Logging in.
enum LoginActions {
  /// Logs in; other files dispatch it, so it stays internal.
  struct PerformLogin: SideEffect {
    func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {
      try await context.dispatch(SetUser(user: "ada")).value
      try await context.dispatch(ClearError()).value
    }
  }

  /// Stores the logged-in user; nothing outside this file uses it, yet it is internal.
  struct SetUser: StateUpdater {
    /// Who logged in.
    let user: String

    func updateState(_ state: inout AppState) {
      state.user = user
    }
  }
}

extension LoginActions {
  /// Clears the last error; file-private, as it should be.
  fileprivate struct ClearError: StateUpdater {
    func updateState(_ state: inout AppState) {}
  }
}

/// Logs out; declared outside any namespace.
public struct Logout: SideEffect {
  public func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {}
}
