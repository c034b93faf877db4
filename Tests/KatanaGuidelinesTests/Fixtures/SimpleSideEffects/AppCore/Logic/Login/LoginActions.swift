public import Katana

/// Logging in; each side effect breaks "simple side effects" once.
public enum LoginActions {
  /// Logs in, then refreshes the profile through another side effect of this module.
  public struct PerformLogin: SideEffect {
    public func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {
      try await context.dispatch(SetUser(user: "ada")).value
      try await context.dispatch(RefreshProfile()).value
      try await context.dispatch(Navigation.Open(route: "home")).value
    }
  }

  /// Loads the profile.
  public struct RefreshProfile: SideEffect {
    public func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {}
  }

  /// Configures the session from too many inputs (`user`, `server`, `port`,
  /// `retries`, `timeout`, `verbose`).
  public struct Configure: SideEffect {
    public let user: String
    public let server: String
    public let port: Int
    public var retries: Int { 3 }
    public let timeout: Double
    public let verbose: Bool

    public func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {}
  }

  /// Does everything itself, in a long body.
  public struct Synchronize: SideEffect {
    public func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws {
      var total = 0
      // A comment line is not counted.

      total += 1
      total += 2
      total += 3
      total += 4
      total += 5
      total += 6
      total += 7
      total += 8
      total += 9
      total += 10
      total += 11
      total += 12
      total += 13
      total += 14
      total += 15
      total += 16
      total += 17
      total += 18
      total += 19
      try await context.dispatch(SetUser(user: "\(total)")).value
    }
  }

  /// Stores the logged-in user.
  public struct SetUser: StateUpdater {
    /// Who logged in.
    public let user: String

    public func updateState(_ state: inout AppState) {
      state.user = user
    }
  }
}
