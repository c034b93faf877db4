import KatanaUI
import NotesCore

/// The props of a note's screen: the id from the route, the rest fed from the store.
struct NoteScreenProps: NodeDescriptionProps, AccessibleProps {
  var id = 0
  /// The note, or `nil` when it does not exist (deleted, undone, or a link to a wrong id).
  var note: Note?
  /// The fields as the user typed them.
  var edit: NoteEdit?
  var folders: [String] = []
  /// Whether the delete dialog is open for this note.
  var isConfirmingDelete = false
  var toast: String?
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
  /// Nothing of its own: the navigation root already makes each screen the page's main landmark.
  var accessibility = Accessibility()
}
