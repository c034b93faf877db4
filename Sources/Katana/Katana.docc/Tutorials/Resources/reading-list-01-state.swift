import Katana

/// The whole state of the reading list: one value.
public struct ReadingListState: State, Equatable, Codable {
  /// The books, in the order they were added.
  public var books: [Book] = []

  public init() {}
}

/// One book on the list.
public struct Book: Equatable, Codable, Sendable, Identifiable {
  public var id: Int
  public var title: String
  public var isRead: Bool

  public init(id: Int, title: String, isRead: Bool = false) {
    self.id = id
    self.title = title
    self.isRead = isRead
  }
}
