import KatanaUI
import NotesCore

/// The props of one note's row.
struct NoteRowProps: NodeDescriptionProps {
  var note = Note(id: 0, folder: "", title: "")
  /// The first line of the body, shown after the title.
  var snippet = ""
  /// Where the title leads: the note's screen.
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// One note in a list: a pin switch, then its title and first line, which open the note (Enter
/// or a click). `p` pins or unpins it; other keys bubble to the screen.
struct NoteRow: NodeDescription {
  var props: NoteRowProps

  static func childrenDescriptions(
    props: NoteRowProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let note = props.note
    let box = 4 * NotesLayout.column
    let text = props.snippet.isEmpty ? note.title : "\(note.title) — \(props.snippet)"
    var pin = Accessibility.checkbox(isChecked: note.isPinned, label: "Pinned: \(note.title)")
    pin.role = .switch
    return [
      NotesLayout.button(
        (props.key ?? "") + ".pin", note.isPinned ? "[*]" : "[ ]", x: 0, y: 0, accessibility: pin
      ) { dispatch(NoteActions.SetPinned(id: note.id, isPinned: !note.isPinned)) },
      Button(props: ButtonProps.build { button in
        button.key = (props.key ?? "") + ".title"
        let width = min(NotesLayout.width(text) + NotesLayout.column, max(0, props.frame.width - box))
        button.frame = Rect(x: box, y: 0, width: width, height: NotesLayout.line)
        button.titles[.normal] = text
        Theme.standard.apply(to: &button)
        button.accessibility = Accessibility(role: .link, label: note.title, hint: props.snippet.isEmpty ? nil : props.snippet)
        button.touchHandlers = [.touchUpInside: { dispatch(Navigation.Push<NotesState>(.note(id: note.id))) }]
      }),
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
