/// When a ``Journal`` forces its lines to the disk with `fsync`.
public enum JournalSyncPolicy: Sendable, Equatable {
  /// After every line, before the dispatch that applied it returns: nothing acknowledged is
  /// lost, at the cost of one `fsync` per item.
  case everyItem
  /// At most once per interval (timed on the journal's clock), starting with the first line
  /// after a synced one, and on ``Journal/flush()``. A crash may lose the lines of the last
  /// interval, never earlier ones.
  case interval(Duration)
}
