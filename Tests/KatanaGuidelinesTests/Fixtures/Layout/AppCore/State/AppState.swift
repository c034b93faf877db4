public import Katana

/// The whole state of the app.
public struct AppState: State {
  /// Who is logged in.
  public var user = ""

  public init() {}
}

extension AppState {
  /// Resets the state; logic, so it belongs in Logic/.
  public struct Reset: StateUpdater {
    public func updateState(_ state: inout AppState) {
      state = AppState()
    }
  }
}
