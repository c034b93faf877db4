import Katana

/// Everything the app can do to its books.
public enum BookActions {
  /// Adds a book at the end of the list; an empty title, or one already on the list, adds nothing.
  public struct Add: StateUpdater, Equatable, Codable {
    public var title: String

    public init(title: String) {
      self.title = title
    }

    public func updateState(_ state: inout ReadingListState) {
      guard !title.isEmpty, !state.books.contains(where: { $0.title == title }) else { return }
      let id = (state.books.map(\.id).max() ?? 0) + 1
      state.books.append(Book(id: id, title: title))
    }
  }

  /// Marks a book read, or unread again.
  public struct ToggleRead: StateUpdater, Equatable, Codable {
    public var id: Int

    public init(id: Int) {
      self.id = id
    }

    public func updateState(_ state: inout ReadingListState) {
      guard let index = state.books.firstIndex(where: { $0.id == id }) else { return }
      state.books[index].isRead.toggle()
    }
  }
}
