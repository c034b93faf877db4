/// A note as an export file holds it: its folder, title, body and pin, without the app's id and
/// revision (an import gives it new ones).
public struct NoteContent: Codable, Equatable, Hashable, Sendable {
  public var folder: String
  public var title: String
  public var body: String
  public var isPinned: Bool

  public init(folder: String, title: String, body: String = "", isPinned: Bool = false) {
    self.folder = folder
    self.title = title
    self.body = body
    self.isPinned = isPinned
  }

  /// What `note` holds.
  public init(_ note: Note) {
    self.init(folder: note.folder, title: note.title, body: note.body, isPinned: note.isPinned)
  }
}
