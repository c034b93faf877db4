public import Katana

/// A screen that declares its own updater: logic in a UI target.
public enum ScreenActions {
  /// Records a tap.
  public struct Tap: StateUpdater {
    public func updateState(_ state: inout AppState) {}
  }
}
