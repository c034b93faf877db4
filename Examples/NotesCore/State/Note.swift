/// One note: a title, a body of any length, the folder it is filed in, and whether it is pinned.
public struct Note: Codable, Equatable, Hashable, Sendable, Identifiable {
  /// Stable for the note's life; never reused.
  public var id: Int
  /// The folder (a tab of the list) the note is filed in.
  public var folder: String
  public var title: String
  /// Free text, as many lines as the user writes.
  public var body: String
  /// Pinned notes come first in every order.
  public var isPinned: Bool
  /// When the note last changed, as the store's change counter (``NotesState/nextRevision``):
  /// larger is newer. A counter, not a clock, so orders and tests are deterministic.
  public var revision: Int

  public init(id: Int, folder: String, title: String, body: String = "", isPinned: Bool = false, revision: Int = 0) {
    self.id = id
    self.folder = folder
    self.title = title
    self.body = body
    self.isPinned = isPinned
    self.revision = revision
  }
}
