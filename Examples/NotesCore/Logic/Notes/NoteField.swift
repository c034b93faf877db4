/// A field of a note's screen.
public enum NoteField: String, Codable, CaseIterable, Sendable {
  case title
  case body
}
