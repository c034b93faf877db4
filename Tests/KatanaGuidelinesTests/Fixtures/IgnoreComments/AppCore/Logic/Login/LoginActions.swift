public import Katana

/// Logging in.
public enum LoginActions {
  // katana-guidelines:ignore documentation -- generated from the server's schema, documented there
  public struct SetUser: StateUpdater {
    /// Who logged in.
    public let user: String

    public func updateState(_ state: inout AppState) {
      state.user = user
    }
  }

  /// Logs in, then loads the profile.
  public struct PerformLogin: SideEffect {
    public func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {
      try await context.dispatch(RefreshProfile()).value  // katana-guidelines:ignore simple-side-effects -- the profile screen dispatches RefreshProfile too
      try await context.dispatch(RefreshProfile()).value  // katana-guidelines:ignore simple-side-effects
    }
  }

  /// Loads the profile.
  public struct RefreshProfile: SideEffect {
    // katana-guidelines:ignore namespaces -- nothing here to silence
    public func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {}
  }

  // katana-guidelines:ignore docs -- not a guideline's identifier
  public struct ClearUser: StateUpdater {
    public func updateState(_ state: inout AppState) {}
  }
}
