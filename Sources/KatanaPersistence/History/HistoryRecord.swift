public import Katana

/// A history as saved on disk: its points and where the state is among them.
///
/// Public only because ``StateFile`` needs a `State` to save; apps do not use it.
public struct HistoryRecord<S: State & Codable>: State, Codable {
  /// One point.
  public struct Point: Codable, Sendable {
    /// What led to it.
    public var label: String
    /// The state at it.
    public var state: S
  }

  /// The points, oldest first.
  public var points: [Point] = []
  /// The current point's index.
  public var cursor = 0

  /// An empty history.
  public init() {}
}
