/// The part of ``NotesState`` kept on disk: the notes, the folders and the settings (not the
/// edits, the search, a transfer, a message or the screens open).
public struct SavedNotes: Codable, Equatable, Sendable {
  public var notes: [Note]
  public var nextID: Int
  public var nextRevision: Int
  public var folders: [String]
  public var folder: String
  public var order: NoteOrder

  public init(_ state: NotesState) {
    notes = state.notes
    nextID = state.nextID
    nextRevision = state.nextRevision
    folders = state.folders
    folder = state.folder
    order = state.order
  }

  /// Puts the saved part into `state`.
  public func merge(into state: inout NotesState) {
    state.notes = notes
    state.nextID = nextID
    state.nextRevision = nextRevision
    state.folders = folders.isEmpty ? NotesState.defaultFolders : folders
    state.folder = state.folders.contains(folder) ? folder : state.folders[0]
    state.order = order
  }
}
