/// One thing to do.
public struct TodoItem: Codable, Equatable, Hashable, Sendable, Identifiable {
  /// Stable for the item's life; never reused.
  public var id: Int
  public var title: String
  public var isDone: Bool
  /// Free text, edited on the item's screen.
  public var notes: String
  /// The day it is due, if any.
  public var dueDate: DueDate?

  public init(id: Int, title: String, isDone: Bool = false, notes: String = "", dueDate: DueDate? = nil) {
    self.id = id
    self.title = title
    self.isDone = isDone
    self.notes = notes
    self.dueDate = dueDate
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, isDone, notes, dueDate
  }

  /// Reads an item; lists saved before notes and due dates existed have neither.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    isDone = try container.decode(Bool.self, forKey: .isDone)
    notes = try container.decodeIfPresent(String.self, forKey: .notes) ?? ""
    dueDate = try container.decodeIfPresent(DueDate.self, forKey: .dueDate)
  }
}
