public import Katana

/// Logging in.
public enum LoginActions {
  /// Stores the logged-in user.
  public struct SetUser: StateUpdater {
    /// Who logged in.
    public let user: String

    public func updateState(_ state: inout AppState) {
      state.user = user
    }
  }
}
