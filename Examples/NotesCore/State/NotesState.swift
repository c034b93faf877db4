public import Katana
public import KatanaUI

/// The whole app: the notes and their folders, the settings, what is being typed, the work under
/// way (a search, an import or export), the message shown, and the screens open.
public struct NotesState: State, Codable, Equatable, NavigableState {
  /// The folders a fresh app starts with.
  public static let defaultFolders = ["Notes", "Work", "Ideas"]

  /// Every note, in the order written.
  public var notes: [Note] = []
  /// The id the next note gets.
  public var nextID = 1
  /// The revision the next change gives the note it changes (see ``Note/revision``).
  public var nextRevision = 1
  /// The folders, in the order of their tabs.
  public var folders = NotesState.defaultFolders
  /// The folder whose notes the list shows (the selected tab); a setting.
  public var folder = NotesState.defaultFolders[0]
  /// The order the list shows notes in; a setting.
  public var order = NoteOrder.edited
  /// The new note's title as typed so far; not saved, and not touched by undo.
  public var draft = ""
  /// The note screens' unsaved fields, per note id; not saved, and not touched by undo.
  public var edits: [Int: NoteEdit] = [:]
  /// The note whose deletion waits for the user's answer (the confirm dialog is open).
  public var confirmingDelete: Int?
  /// The search screen.
  public var search = NoteSearch()
  /// The last import or export, running or ended; `nil` before the first.
  public var transfer: TransferProgress?
  /// The file the transfer screen imports from and exports to, as typed; relative paths are in
  /// the working folder. Not saved.
  public var transferPath = "notes-export.jsonl"
  /// The message shown for a moment; `nil` when none is.
  public var toast: ToastMessage?
  /// The id of the newest message shown, so every message gets a new one.
  public var lastToastID = 0
  /// The screens open, the list at the bottom. Not saved, and not touched by undo.
  public var routes = RouteStack(root: NotesRoute.list)

  public init() {}

  /// The notes of the selected folder, in the chosen order.
  public var visibleNotes: [Note] { order.sorted(notes.filter { $0.folder == folder }) }

  /// The note with `id`, if it exists.
  public func note(id: Int) -> Note? {
    notes.first { $0.id == id }
  }

  /// The fields a note's screen shows for `id`: the unsaved edits, else the note's values.
  public func edit(id: Int) -> NoteEdit? {
    edits[id] ?? note(id: id).map(NoteEdit.init)
  }

  /// How many notes `folder` holds.
  public func count(in folder: String) -> Int {
    notes.count { $0.folder == folder }
  }
}
