public import Katana

/// Listens to the sync server: dispatches, but is not named …Observer, and builds an observer
/// the dependency container should own.
final class SyncListener: Sendable {
  private let dispatch: AnyDispatch
  private let connectivity: ConnectivityObserver

  init(dispatch: @escaping AnyDispatch) {
    self.dispatch = dispatch
    connectivity = ConnectivityObserver(dispatch: dispatch)
  }

  func serverPushed(online: Bool) {
    _ = dispatch(ConnectivityActions.SetOnline(online: online))
  }
}
