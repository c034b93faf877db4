import KatanaUI
import NotesCore

/// The rows of a list of notes (a folder's, or a search's results): one ``NoteRow`` per note,
/// one line tall.
///
/// A plain value built from the screen's props, so an unchanged list compares equal and the table
/// skips its rows.
struct NoteListDelegate: TableDelegate {
  /// The notes shown, top to bottom, each with the first line of its body.
  var notes: [Note]
  var snippets: [String]
  /// What each row's key starts with; the note's id follows.
  var keyPrefix: String

  func numberOfRows(forSection section: Int) -> Int { notes.count }

  func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription {
    var row = NoteRowProps()
    row.note = notes[indexPath.row]
    row.snippet = snippets[indexPath.row]
    row.key = "\(keyPrefix)\(row.note.id)"
    return NoteRow(props: row)
  }

  func height(forRowAt indexPath: TableIndexPath) -> Value { .fixed(NotesLayout.line) }

  func isEqual(to other: any TableDelegate) -> Bool {
    guard let other = other as? NoteListDelegate else { return false }
    return notes == other.notes && snippets == other.snippets && keyPrefix == other.keyPrefix
  }
}
