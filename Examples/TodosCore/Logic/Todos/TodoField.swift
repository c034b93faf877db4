/// A field of the item's screen.
public enum TodoField: String, Codable, CaseIterable, Sendable {
  case title
  case notes
  case dueDate
}
