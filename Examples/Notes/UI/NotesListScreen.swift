import Katana
import KatanaPersistence
import KatanaUI
import NotesCore

/// The props of the list screen, fed from the store.
struct NotesListScreenProps: NodeDescriptionProps, AccessibleProps {
  var folders: [String] = []
  var counts: [Int] = []
  var folder = ""
  var order = NoteOrder.edited
  var notes: [Note] = []
  var draft = ""
  var toast: String?
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
  /// Nothing of its own: the navigation root already makes each screen the page's main landmark.
  var accessibility = Accessibility()
}

/// A folder's notes: the folders as tabs, a field that writes a new note, the order as a picker,
/// the notes (pinned first), and the ways to search, import and export, undo and redo.
///
/// Its keys are declared once in ``keyBindings(props:dispatch:)``: they handle the keys that
/// bubble from the focused element (outside the field) and draw the help line.
struct NotesListScreen: ConnectedNodeDescription {
  typealias StoreState = NotesState

  /// The element keys; their text is what tests look up.
  enum Keys {
    static let tabs = "list.tabs"
    static let field = "list.field"
    static let order = "list.order"
    static let orderLabel = "list.orderLabel"
    static let list = "list.notes"
    static let empty = "list.empty"
    static let search = "list.search"
    static let transfer = "list.transfer"
    static let undo = "list.undo"
    static let redo = "list.redo"
    static let status = "list.status"
    static let toast = "list.toast"
    static let help = "list.help"
    static let rowPrefix = "note-"
  }

  var props: NotesListScreenProps

  static func connect(props: inout NotesListScreenProps, to storeState: NotesState) {
    props.folders = storeState.folders
    props.counts = storeState.folders.map(storeState.count(in:))
    props.folder = storeState.folder
    props.order = storeState.order
    props.notes = storeState.visibleNotes
    props.draft = storeState.draft
    props.toast = storeState.toast?.text
  }

  /// The screen's keys: each handles its key and is listed on the help line.
  @MainActor
  static func keyBindings(props: NotesListScreenProps, dispatch: Dispatcher) -> [KeyBinding] {
    let folders = props.folders
    let nextFolder = folders.firstIndex(of: props.folder).map { folders[($0 + 1) % folders.count] }
    let orders = NoteOrder.allCases
    let nextOrder = orders[((orders.firstIndex(of: props.order) ?? 0) + 1) % orders.count]
    return [
      KeyBinding(.character("p"), help: "pins"),  // handled by the focused row
      KeyBinding(.character("f"), help: "folder") { if let nextFolder { dispatch(NoteActions.SelectFolder(nextFolder)) } },
      KeyBinding(.character("o"), help: "order") { dispatch(NoteActions.SetOrder(nextOrder)) },
      KeyBinding(.character("/"), help: "search") { dispatch(Navigation.Push<NotesState>(.search)) },
      KeyBinding(.character("e"), help: "import/export") { dispatch(Navigation.Push<NotesState>(.transfer)) },
      KeyBinding([NotesLayout.control("z")], help: "undo") { dispatch(History<NotesState>.Undo()) },
      KeyBinding([NotesLayout.control("y")], help: "redo") { dispatch(History<NotesState>.Redo()) },
      KeyBinding.quit,
    ]
  }

  static func childrenDescriptions(
    props: NotesListScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = NotesLayout.line
    let column = NotesLayout.column
    let width = props.frame.width
    let inner = max(0, width - 2 * column)
    let folders = props.folders
    var children: [AnyNodeDescription] = []
    // The field first, so the focus starts there.
    children.append(TextField(props: TextFieldProps.build { field in
      field.key = Keys.field
      field.frame = Rect(x: column, y: line, width: inner, height: line)
      field.text = props.draft
      field.placeholder = "New note in \(props.folder): its title, then Enter"
      Theme.standard.apply(to: &field)
      field.onChange = { dispatch(NoteActions.EditDraft($0)) }
      field.onSubmit = { dispatch(NoteActions.SubmitDraft()) }
    }))
    children.append(Tabs(props: TabsProps.build { tabs in
      tabs.key = Keys.tabs
      tabs.frame = Rect(x: column, y: 0, width: inner, height: line)
      tabs.titles = zip(folders, props.counts).map { "\($0) \($1)" }
      tabs.selectedIndex = folders.firstIndex(of: props.folder) ?? 0
      tabs.accessibility.label = "Folders"
      tabs.onSelect = { index in
        guard folders.indices.contains(index) else { return }
        dispatch(NoteActions.SelectFolder(folders[index]))
      }
    }))
    children.append(Picker(props: PickerProps.build { picker in
      picker.key = Keys.order
      picker.frame = Rect(x: 7 * column, y: 2 * line, width: max(0, min(inner - 6 * column, 20 * column)), height: line)
      picker.title = "Order"
      picker.options = NoteOrder.allCases.map(\.name)
      picker.selectedIndex = NoteOrder.allCases.firstIndex(of: props.order) ?? 0
      picker.onSelect = { index in
        guard NoteOrder.allCases.indices.contains(index) else { return }
        dispatch(NoteActions.SetOrder(NoteOrder.allCases[index]))
      }
    }))

    children.append(NotesLayout.label(Keys.orderLabel, "Order", y: 2 * line, width: 5 * column, color: NotesLayout.quiet))

    // The notes fill the lines between the order and the bottom lines, and scroll.
    let actionsY = max(4 * line, props.frame.height - 3 * line)
    let listY = 3 * line
    let manager = NoteManager()
    children.append(Table(props: TableProps.build { table in
      table.key = Keys.list
      table.frame = Rect(x: column, y: listY, width: inner, height: max(line, actionsY - listY))
      table.delegate = NoteListDelegate(
        notes: props.notes, snippets: props.notes.map { manager.snippet(of: $0.body) }, keyPrefix: Keys.rowPrefix)
      table.mountsOnlyVisibleRows = true
      table.accessibility = Accessibility(role: .list, label: "Notes in \(props.folder)")
    }))
    if props.notes.isEmpty {
      children.append(NotesLayout.label(
        Keys.empty, "No notes in \(props.folder) yet", x: 2 * column, y: listY, width: inner - column,
        color: NotesLayout.quiet))
    }

    var x = column
    let actions: [(String, String, TouchHandlerClosure)] = [
      (Keys.search, "search", { dispatch(Navigation.Push<NotesState>(.search)) }),
      (Keys.transfer, "import/export", { dispatch(Navigation.Push<NotesState>(.transfer)) }),
      (Keys.undo, "undo", { dispatch(History<NotesState>.Undo()) }),
      (Keys.redo, "redo", { dispatch(History<NotesState>.Redo()) }),
    ]
    for (key, title, action) in actions {
      children.append(NotesLayout.button(key, title, x: x, y: actionsY, action: action))
      x += NotesLayout.width(title) + 2 * column
    }
    let count = props.notes.count == 1 ? "1 note" : "\(props.notes.count) notes"
    children.append(NotesLayout.status(Keys.status, "\(count) in \(props.folder)", y: actionsY + line, width: inner))
    children.append(NotesLayout.keyHelp(
      Keys.help, keyBindings(props: props, dispatch: dispatch), y: actionsY + 2 * line, width: inner))
    if let toast = props.toast {
      children.append(NotesLayout.toast(Keys.toast, toast, y: actionsY + line, screenWidth: width))
    }
    return children
  }

  static func handle(
    event: NodeEvent, props: NotesListScreenProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    keyBindings(props: props, dispatch: dispatch).handle(event)
  }
}
