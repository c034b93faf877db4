import Katana

/// The whole state of the counter app.
struct CounterState: State, Equatable, Codable {
  /// The number on screen.
  var counter = 0
  /// How many times the app asked the number service for a value.
  var fetches = 0
}
