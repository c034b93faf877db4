import Katana
import KatanaPersistence
import KatanaUI
import NotesCore

/// One note: its title, whether it is pinned, its folder and its body in a text area that scrolls
/// to keep the caret in view. The fields keep what is typed in the state (``NotesState/edits``);
/// Ctrl-S, Enter in the title or Save store them as one undoable change and say "Saved". Delete
/// asks first, in a dialog. Esc (out of a field), the title bar's Back, or the browser's Back
/// return to the list; unsaved edits wait there for the next visit.
struct NoteScreen: ConnectedNodeDescription {
  typealias StoreState = NotesState

  /// The element keys; their text is what tests look up.
  enum Keys {
    static let title = "note.title"
    static let pinned = "note.pinned"
    static let folder = "note.folder"
    static let folderLabel = "note.folderLabel"
    static let body = "note.body"
    static let save = "note.save"
    static let revert = "note.revert"
    static let delete = "note.delete"
    static let read = "note.read"
    static let status = "note.status"
    static let toast = "note.toast"
    static let help = "note.help"
    static let missing = "note.missing"
    static let dialog = "note.dialog"
  }

  var props: NoteScreenProps

  static func connect(props: inout NoteScreenProps, to storeState: NotesState) {
    props.note = storeState.note(id: props.id)
    props.edit = storeState.edit(id: props.id)
    props.folders = storeState.folders
    props.isConfirmingDelete = storeState.confirmingDelete == props.id
    props.toast = storeState.toast?.text
  }

  /// The screen's keys: each handles its key and is listed on the help line.
  @MainActor
  static func keyBindings(props: NoteScreenProps, dispatch: Dispatcher) -> [KeyBinding] {
    let id = props.id
    return [
      KeyBinding(.tab, help: "moves", where: .terminal),
      // Shown in a terminal only: a browser keeps Ctrl+S (save the page) and Ctrl+R (reload) for
      // itself, and the page has the save and read buttons.
      KeyBinding([NotesLayout.control("s")], help: "saves", where: .terminal) { dispatch(NoteActions.SaveEdit(id: id)) },
      KeyBinding([NotesLayout.control("r")], help: "reads", where: .terminal) {
        dispatch(Navigation.ReplaceTop<NotesState>(.read(id: id)))
      },
      KeyBinding(.escape, help: "back", where: .terminal),  // the navigation root's, once out of a field
      KeyBinding([NotesLayout.control("z")], help: "undo") { dispatch(History<NotesState>.Undo()) },
      KeyBinding([NotesLayout.control("y")], help: "redo") { dispatch(History<NotesState>.Redo()) },
      KeyBinding.quit,
    ]
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
    children.append(Checkbox(props: CheckboxProps.build { pin in
      pin.key = Keys.pinned
      pin.frame = Rect(x: column, y: line, width: 13 * column, height: line)
      pin.title = "Pinned"
      pin.style = .switch
      pin.isChecked = note.isPinned
      pin.onToggle = { dispatch(NoteActions.SetPinned(id: id, isPinned: $0)) }
    }))
    let folders = props.folders
    children.append(NotesLayout.label(Keys.folderLabel, "Folder", x: 16 * column, y: line, width: 6 * column, color: NotesLayout.quiet))
    children.append(Picker(props: PickerProps.build { picker in
      picker.key = Keys.folder
      picker.frame = Rect(x: 23 * column, y: line, width: max(0, min(inner - 22 * column, 20 * column)), height: line)
      picker.title = "Folder"
      picker.options = folders
      picker.selectedIndex = folders.firstIndex(of: note.folder) ?? 0
      picker.onSelect = { index in
        guard folders.indices.contains(index) else { return }
        dispatch(NoteActions.Move(id: id, folder: folders[index]))
      }
    }))

    let actionsY = max(5 * line, props.frame.height - 3 * line)
    children.append(TextArea(props: TextAreaProps.build { area in
      area.key = Keys.body
      area.frame = Rect(x: column, y: 3 * line, width: inner, height: max(line, actionsY - 4 * line))
      area.document = edit.body
      area.placeholder = "Write here"
      area.accessibility.label = "Text"
      area.onEdit = { dispatch(NoteActions.EditBody(id: id, $0)) }
    }))

    let changed = edit.differs(from: note)
    children.append(NotesLayout.button(Keys.save, "save", x: column, y: actionsY) { dispatch(NoteActions.SaveEdit(id: id)) })
    children.append(NotesLayout.button(Keys.revert, "revert", x: 7 * column, y: actionsY, isEnabled: changed) {
      dispatch(NoteActions.DiscardEdit(id: id))
    })
    children.append(NotesLayout.button(Keys.read, "read", x: 15 * column, y: actionsY) {
      dispatch(Navigation.ReplaceTop<NotesState>(.read(id: id)))
    })
    children.append(NotesLayout.button(Keys.delete, "delete", x: 21 * column, y: actionsY) {
      dispatch(NoteActions.AskToDelete(id: id))
    })
    let lines = edit.body.lineCount == 1 ? "1 line" : "\(edit.body.lineCount) lines"
    children.append(NotesLayout.status(
      Keys.status, edit.problem ?? (changed ? "unsaved changes · \(lines)" : "saved · \(lines)"), y: actionsY + line,
      width: inner, color: edit.problem == nil ? NotesLayout.quiet : Theme.standard.negative))
    children.append(NotesLayout.keyHelp(
      Keys.help, keyBindings(props: props, dispatch: dispatch), y: actionsY + 2 * line, width: inner))
    if let toast = props.toast {
      children.append(NotesLayout.toast(Keys.toast, toast, y: actionsY + line, screenWidth: props.frame.width))
    }
    if props.isConfirmingDelete {
      // Last, so it is drawn on top; it keeps the focus until it closes.
      var dialog = Dialog.confirm(
        title: "Delete note?", message: "“\(note.title)” goes; undo brings it back.", confirmTitle: "Delete",
        in: props.frame.size, onConfirm: { dispatch(NoteActions.ConfirmDelete(id: id)) },
        onCancel: { dispatch(NoteActions.CancelDelete()) })
      dialog.props.key = Keys.dialog
      children.append(dialog)
    }
    return children
  }

  static func handle(
    event: NodeEvent, props: NoteScreenProps, state: EmptyState, dispatch: Dispatcher, update: @escaping Update<EmptyState>
  ) -> Bool {
    keyBindings(props: props, dispatch: dispatch).handle(event)
  }
}
