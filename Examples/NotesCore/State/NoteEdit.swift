/// What a note's screen holds while the user edits it, until saved.
///
/// Kept in the state per note (not saved to disk, untouched by undo), so leaving the screen any
/// way (Esc, Back, the browser's Back) loses nothing: the edits are there on return.
public struct NoteEdit: Codable, Equatable, Sendable {
  public var title: String
  public var body: String
  /// Why the last save was refused, for the screen to show; `nil` when it was not.
  public var problem: String?

  public init(title: String, body: String, problem: String? = nil) {
    self.title = title
    self.body = body
    self.problem = problem
  }

  /// The fields as `note` has them.
  public init(_ note: Note) {
    title = note.title
    body = note.body
    problem = nil
  }

  /// Whether the fields differ from `note`.
  public func differs(from note: Note) -> Bool {
    title != note.title || body != note.body
  }
}
