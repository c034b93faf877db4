/// Why a command was refused; the messages are for the person at the keyboard.
public enum NotesError: Error, Equatable, Sendable, CustomStringConvertible {
  case emptyTitle
  case titleTooLong(length: Int, maximum: Int)
  case bodyTooLong(length: Int, maximum: Int)
  case noSuchNote(id: Int)
  case noSuchFolder(String, folders: [String])
  case nothingToUndo
  case nothingToRedo

  public var description: String {
    switch self {
    case .emptyTitle: "a note needs a title"
    case .titleTooLong(let length, let maximum): "the title has \(length) characters; the most is \(maximum)"
    case .bodyTooLong(let length, let maximum): "the note has \(length) characters; the most is \(maximum)"
    case .noSuchNote(let id): "there is no note \(id): it was deleted"
    case .noSuchFolder(let name, let folders):
      "there is no folder \"\(name)\"; pick one of \(folders.joined(separator: ", "))"
    case .nothingToUndo: "nothing to undo"
    case .nothingToRedo: "nothing to redo"
    }
  }
}
