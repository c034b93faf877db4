public import KatanaUI

/// What a note's screen holds while the user edits it, until saved.
///
/// Kept in the state per note (not saved to disk, untouched by undo), so leaving the screen any
/// way (Esc, Back, the browser's Back) loses nothing: the edits are there on return. The body is
/// the text area's document, edited one ``KatanaUI/TextEdit`` at a time: a keystroke in a long
/// note costs the lines it touches, not the note.
public struct NoteEdit: Codable, Equatable, Sendable {
  public var title: String
  public var body: TextDocument
  /// Why the last save was refused, for the screen to show; `nil` when it was not.
  public var problem: String?

  public init(title: String, body: String, problem: String? = nil) {
    self.title = title
    self.body = TextDocument(body)
    self.problem = problem
  }

  /// The fields as `note` has them.
  public init(_ note: Note) {
    self.init(title: note.title, body: note.body)
  }

  /// Whether the fields differ from `note`. Costs the length of the body.
  public func differs(from note: Note) -> Bool {
    title != note.title || body.text != note.body
  }

  private enum CodingKeys: String, CodingKey {
    case title, body, problem
  }

  /// Reads the fields; the body is stored as its text.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      title: try container.decode(String.self, forKey: .title), body: try container.decode(String.self, forKey: .body),
      problem: try container.decodeIfPresent(String.self, forKey: .problem))
  }

  /// Writes the fields, the body as its text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encode(body.text, forKey: .body)
    try container.encodeIfPresent(problem, forKey: .problem)
  }
}
