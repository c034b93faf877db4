public import Katana

/// Replaces the whole state with `state`: how ``History`` undoes, redoes and jumps.
///
/// It is an ordinary updater, so a restore reaches listeners, selections, the UI and the other
/// interceptors like any change; no special hook in the store is needed. Register it in the
/// ``JournalRegistry`` (when `S` is `Codable`) so that a replay repeats undos too.
public struct RestoreState<S: State>: StateUpdater {
  /// The state to restore.
  public let state: S

  /// Creates the updater.
  public init(_ state: S) {
    self.state = state
  }

  public func updateState(_ state: inout S) {
    state = self.state
  }
}

extension RestoreState: Codable where S: Codable {}
