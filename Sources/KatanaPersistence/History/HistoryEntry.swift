/// One recorded point of a ``History``, as tools list it.
public struct HistoryEntry: Sendable, Equatable {
  /// Its position: 0 is the state before the first recorded change.
  public let index: Int
  /// The name of the updater that led to it (`initial` for index 0).
  public let label: String
}
