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
