import Katana
import KatanaPersistence
import KatanaUI
import NotesCore

/// One note: pinned or not, its folder, its title and its body. The fields keep what is typed in
/// the state (``NotesState/edits``); Ctrl-S, Enter in the title or Save store them as one undoable
/// change and say "Saved". Delete asks first, in a dialog. Esc (out of a field), the title bar's
/// Back, or the browser's Back return to the list; unsaved edits wait there for the next visit.
struct NoteScreen: ConnectedNodeDescription {
  typealias StoreState = NotesState

  /// The element keys; their text is what tests look up.
  enum Keys {
    static let pinned = "note.pinned"
    static let title = "note.title"
    static let body = "note.body"
    static let save = "note.save"
    static let revert = "note.revert"
    static let delete = "note.delete"
    static let status = "note.status"
    static let help = "note.help"
    static let missing = "note.missing"
    static let dialog = "note.dialog"
    static let dialogMessage = "note.dialog.message"
    static let confirm = "note.dialog.delete"
    static let cancel = "note.dialog.cancel"
    static func folder(_ folder: String) -> String { "note.folder-\(folder)" }
  }

  var props: NoteScreenProps

  static let help = "Tab moves · ^S saves · Esc leaves a field, then goes back · ^Z undo"

  static func connect(props: inout NoteScreenProps, to storeState: NotesState) {
    props.note = storeState.note(id: props.id)
    props.edit = storeState.edit(id: props.id)
    props.folders = storeState.folders
    props.isConfirmingDelete = storeState.confirmingDelete == props.id
    props.toast = storeState.toast?.text
  }

  static func childrenDescriptions(
    props: NoteScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = NotesLayout.line
    let column = NotesLayout.column
    let inner = max(0, props.frame.width - 2 * column)
    let id = props.id
    guard let note = props.note, let edit = props.edit else {
      return [NotesLayout.label(
        Keys.missing, "There is no note \(id): it was deleted, or the link is wrong. Esc goes back.", y: line,
        width: inner, color: NotesLayout.quiet)]
    }
    if props.isConfirmingDelete { return [dialog(note: note, props: props, dispatch: dispatch)] }

    var children: [AnyNodeDescription] = []
    // The title first: the focus starts there.
    children.append(TextField(props: TextFieldProps.build { field in
      field.key = Keys.title
      field.frame = Rect(x: column, y: 0, width: inner, height: line)
      field.text = edit.title
      field.placeholder = "Title"
      Theme.standard.apply(to: &field)
      field.accessibility.label = "Title"
      field.onChange = { dispatch(NoteActions.EditField(id: id, .title, $0)) }
      field.onSubmit = { dispatch(NoteActions.SaveEdit(id: id)) }
    }))
    var pin = Accessibility.checkbox(isChecked: note.isPinned, label: "Pinned")
    pin.role = .switch
    children.append(NotesLayout.button(
      Keys.pinned, note.isPinned ? "[*] pinned" : "[ ] pinned", x: column, y: line, accessibility: pin
    ) { dispatch(NoteActions.SetPinned(id: id, isPinned: !note.isPinned)) })
    var x = 13 * column
    for folder in props.folders {
      var option = Accessibility(role: .option, label: "Folder: \(folder)")
      option.isSelected = folder == note.folder
      let title = folder == note.folder ? "[\(folder)]" : " \(folder) "
      children.append(NotesLayout.button(Keys.folder(folder), title, x: x, y: line, accessibility: option) {
        dispatch(NoteActions.Move(id: id, folder: folder))
      })
      x += NotesLayout.width(title)
    }

    let actionsY = max(4 * line, props.frame.height - 3 * line)
    children.append(TextField(props: TextFieldProps.build { field in
      field.key = Keys.body
      field.frame = Rect(x: column, y: 3 * line, width: inner, height: max(line, actionsY - 4 * line))
      field.text = edit.body
      field.placeholder = "Write here"
      Theme.standard.apply(to: &field)
      field.accessibility.label = "Text"
      field.onChange = { dispatch(NoteActions.EditField(id: id, .body, $0)) }
    }))

    let changed = edit.differs(from: note)
    children.append(NotesLayout.button(Keys.save, "save", x: column, y: actionsY) { dispatch(NoteActions.SaveEdit(id: id)) })
    children.append(NotesLayout.button(Keys.revert, "revert", x: 7 * column, y: actionsY, isEnabled: changed) {
      dispatch(NoteActions.DiscardEdit(id: id))
    })
    children.append(NotesLayout.button(Keys.delete, "delete", x: 15 * column, y: actionsY) {
      dispatch(NoteActions.AskToDelete(id: id))
    })
    let status = props.toast ?? edit.problem ?? (changed ? "unsaved changes" : "\(note.body.count) characters")
    let color =
      edit.problem != nil && props.toast == nil
      ? Theme.standard.negative : props.toast != nil ? Theme.standard.positive : NotesLayout.quiet
    children.append(NotesLayout.label(
      Keys.status, status, y: actionsY + line, width: inner, color: color,
      accessibility: Accessibility(role: .status, liveRegion: .polite)))
    children.append(NotesLayout.label(
      Keys.help, help, y: actionsY + 2 * line, width: inner, color: NotesLayout.quiet,
      accessibility: Accessibility(role: .landmark(.contentInfo))))
    return children
  }

  /// The delete dialog: the question and its two answers, Cancel first so Enter on the first
  /// control never deletes.
  private static func dialog(note: Note, props: NoteScreenProps, dispatch: Dispatcher) -> AnyNodeDescription {
    let line = NotesLayout.line
    let column = NotesLayout.column
    let question = "Delete “\(note.title)”? Undo brings it back."
    let width = min(max(0, props.frame.width - 2 * column), NotesLayout.width(question) + 4 * column)
    let x = max(0, (props.frame.width - width) / 2)
    return View(props: ViewProps.build { view in
      view.key = Keys.dialog
      view.frame = Rect(x: x, y: 2 * line, width: width, height: 5 * line)
      view.backgroundColor = Theme.standard.control
      view.accessibility = Accessibility(role: .dialog(isAlert: true), label: "Delete note")
      view.children = [
        NotesLayout.label(Keys.dialogMessage, question, x: 2 * column, y: line, width: width - 4 * column),
        NotesLayout.button(Keys.cancel, "cancel", x: 2 * column, y: 3 * line) { dispatch(NoteActions.CancelDelete()) },
        NotesLayout.button(Keys.confirm, "delete", x: 10 * column, y: 3 * line) {
          dispatch(NoteActions.ConfirmDelete(id: note.id))
        },
      ]
    })
  }

  static func handle(
    event: NodeEvent, props: NoteScreenProps, state: EmptyState, dispatch: Dispatcher, update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .key(let press) = event else { return false }
    if props.isConfirmingDelete, press.key == .escape {
      dispatch(NoteActions.CancelDelete())
      return true
    }
    guard case .character(let character) = press.key, press.modifiers == .control else { return false }
    switch character {
    case "s": dispatch(NoteActions.SaveEdit(id: props.id))
    case "z": dispatch(History<NotesState>.Undo())
    case "y": dispatch(History<NotesState>.Redo())
    default: return false
    }
    return true
  }
}
