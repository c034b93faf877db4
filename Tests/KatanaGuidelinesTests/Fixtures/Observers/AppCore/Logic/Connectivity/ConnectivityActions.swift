public import Katana

/// What the connectivity observer tells the store.
public enum ConnectivityActions {
  /// Records whether the network is reachable.
  public struct SetOnline: StateUpdater {
    /// Whether the network is reachable.
    public let online: Bool

    public func updateState(_ state: inout AppState) {
      state.user = online ? state.user : ""
    }
  }
}
