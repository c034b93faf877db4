/// The search screen's state: what is typed, whether a search runs, and what the last one found.
public struct NoteSearch: Codable, Equatable, Sendable {
  /// The query as typed so far.
  public var query = ""
  /// Whether a search is running (the screen shows a spinner).
  public var isSearching = false
  /// The query the results are for; `nil` before the first search.
  public var searchedQuery: String?
  /// The ids of the notes found, in the list's order.
  public var results: [Int] = []

  public init() {}
}
