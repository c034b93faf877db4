public import Katana

/// Puts the store in a recorded state: how DevTools time travels and starts a replay.
///
/// Its own type (rather than KatanaPersistence's `RestoreState`, which an app's `History` also
/// dispatches) lets the recorder leave DevTools' own moves out of the list while still seeing
/// the state they set.
@usableFromInline
struct DevToolsJump<S: State>: StateUpdater {
  let state: S

  init(state: S) {
    self.state = state
  }

  @usableFromInline
  func updateState(_ state: inout S) {
    state = self.state
  }
}
