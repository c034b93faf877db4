import KatanaUI
import NotesCore

/// The props of one note's row.
struct NoteRowProps: NodeDescriptionProps {
  var note = Note(id: 0, folder: "", title: "")
  /// What follows the title: the first line of the body (and, in search results, the folder).
  var snippet = ""
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// One note in a list: its title and first line (pinned notes marked `*`), which open the note
/// (Enter or a click). `p` pins or unpins it; other keys bubble to the screen.
struct NoteRow: NodeDescription {
  var props: NoteRowProps

  static func childrenDescriptions(
    props: NoteRowProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let note = props.note
    let text = (note.isPinned ? "* " : "") + (props.snippet.isEmpty ? note.title : "\(note.title) — \(props.snippet)")
    return [
      Button(props: ButtonProps.build { button in
        button.key = (props.key ?? "") + ".title"
        button.frame = Rect(
          x: 0, y: 0, width: min(NotesLayout.width(text) + NotesLayout.column, props.frame.width), height: NotesLayout.line)
        button.titles[.normal] = text
        Theme.standard.apply(to: &button)
        button.accessibility = Accessibility(
          role: .link, label: note.isPinned ? "\(note.title), pinned" : note.title,
          hint: props.snippet.isEmpty ? nil : props.snippet)
        button.touchHandlers = [.touchUpInside: { dispatch(Navigation.Push<NotesState>(.note(id: note.id))) }]
      })
    ]
  }

  static func handle(
    event: NodeEvent, props: NoteRowProps, state: EmptyState, dispatch: Dispatcher, update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .key(let press) = event, press.modifiers.isEmpty, press.key == .character("p") else { return false }
    dispatch(NoteActions.SetPinned(id: props.note.id, isPinned: !props.note.isPinned))
    return true
  }
}
