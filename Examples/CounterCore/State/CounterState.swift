public import Katana

/// The whole state of the counter app.
public struct CounterState: State, Equatable, Codable {
  /// The number on screen.
  public var counter = 0
  /// How many times the app asked the number service for a value.
  public var fetches = 0

  /// A counter at 0 that never fetched.
  public init() {}

  public init(counter: Int, fetches: Int = 0) {
    self.counter = counter
    self.fetches = fetches
  }
}
