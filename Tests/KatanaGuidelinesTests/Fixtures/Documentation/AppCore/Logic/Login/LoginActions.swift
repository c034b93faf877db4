public import Katana

/// Logging in.
public enum LoginActions {
  public struct SetUser: StateUpdater {
    /// Who logged in.
    public let user: String

    public func updateState(_ state: inout AppState) {
      state.user = user
    }
  }

  /// Stores the session's credentials (their `expiry` too).
  public struct SetToken: StateUpdater {
    public let token: String
    public let expiry: Double
    private let note = ""

    public func updateState(_ state: inout AppState) {}
  }
}

extension LoginActions {
  /// Implementation details need no documentation.
  fileprivate struct ClearToken: StateUpdater {
    let reason: String

    func updateState(_ state: inout AppState) {}
  }
}
