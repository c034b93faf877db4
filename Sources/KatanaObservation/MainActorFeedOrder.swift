/// The receiving end of a ``MainActorFeed``: which deliveries an object takes.
@MainActor
final class MainActorFeedOrder {
  private var last: UInt64 = 0

  init() {}

  /// Whether a delivery numbered `sequence` is newer than every one taken so far; if so, it is
  /// now the last one taken.
  func accepts(_ sequence: UInt64) -> Bool {
    guard sequence > last else { return false }
    last = sequence
    return true
  }
}
