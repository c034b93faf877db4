import Foundation
public import Katana

/// Dispatches ``ConnectivityActions/SetOnline`` when the network comes and goes.
final class ConnectivityObserver: Sendable {
  private let dispatch: AnyDispatch

  init(dispatch: @escaping AnyDispatch) {
    self.dispatch = dispatch
  }

  func networkChanged(online: Bool) {
    _ = dispatch(ConnectivityActions.SetOnline(online: online))
  }
}

/// What the connectivity observer tells the store.
public enum ConnectivityActions {
  /// Records whether the network is reachable.
  public struct SetOnline: StateUpdater {
    /// Whether the network is reachable.
    public let online: Bool

    public func updateState(_ state: inout AppState) {
      state.online = online
    }
  }
}
