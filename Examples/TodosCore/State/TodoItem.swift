/// One thing to do.
public struct TodoItem: Codable, Equatable, Hashable, Sendable, Identifiable {
  /// Stable for the item's life; never reused.
  public var id: Int
  public var title: String
  public var isDone: Bool

  public init(id: Int, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }
}
