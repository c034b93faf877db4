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
  /// The screen is the page's main content.
  var accessibility = Accessibility.landmark(.main, label: "Notes")
}

/// A folder's notes: the folders as tabs, a field that writes a new note, the order, the notes
/// (pinned first), and the ways to search, import and export, undo and redo.
///
/// Keys (bubbling from the focused element, outside the field): `f` shows the next folder, `o`
/// the next order, `/` searches, `e` imports and exports, Ctrl-Z undoes and Ctrl-Y redoes.
struct NotesListScreen: ConnectedNodeDescription {
  typealias StoreState = NotesState

  /// The element keys; their text is what tests look up.
  enum Keys {
    static let field = "list.field"
    static let list = "list.notes"
    static let empty = "list.empty"
    static let orderLabel = "list.orderLabel"
    static let search = "list.search"
    static let transfer = "list.transfer"
    static let undo = "list.undo"
    static let redo = "list.redo"
    static let status = "list.status"
    static let help = "list.help"
    static func tab(_ folder: String) -> String { "list.tab-\(folder)" }
    static func order(_ order: NoteOrder) -> String { "list.order-\(order.rawValue)" }
    static let rowPrefix = "note-"
  }

  var props: NotesListScreenProps

  static let help = "Tab moves · Enter opens · p pins · f folder · o order · / search · e import/export · ^Z undo"

  static func connect(props: inout NotesListScreenProps, to storeState: NotesState) {
    props.folders = storeState.folders
    props.counts = storeState.folders.map(storeState.count(in:))
    props.folder = storeState.folder
    props.order = storeState.order
    props.notes = storeState.visibleNotes
    props.draft = storeState.draft
    props.toast = storeState.toast?.text
  }

  static func childrenDescriptions(
    props: NotesListScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = NotesLayout.line
    let column = NotesLayout.column
    let width = props.frame.width
    let inner = max(0, width - 2 * column)
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

    // The folders, as tabs.
    var x = column
    for (folder, count) in zip(props.folders, props.counts) {
      let name = "\(folder) \(count)"
      let selected = folder == props.folder
      var tab = Accessibility(role: .tab, label: "\(folder), \(count == 1 ? "1 note" : "\(count) notes")")
      tab.isSelected = selected
      children.append(NotesLayout.button(
        Keys.tab(folder), selected ? "[\(name)]" : " \(name) ", x: x, y: 0, accessibility: tab
      ) { dispatch(NoteActions.SelectFolder(folder)) })
      x += NotesLayout.width(name) + 3 * column
    }

    // The order, as a picker of its options.
    children.append(NotesLayout.label(Keys.orderLabel, "Order", y: 2 * line, width: 6 * column, color: NotesLayout.quiet))
    x = 7 * column
    for order in NoteOrder.allCases {
      var option = Accessibility(role: .option, label: "Order: \(order.name)")
      option.isSelected = order == props.order
      let title = order == props.order ? "[\(order.name)]" : " \(order.name) "
      children.append(NotesLayout.button(Keys.order(order), title, x: x, y: 2 * line, accessibility: option) {
        dispatch(NoteActions.SetOrder(order))
      })
      x += NotesLayout.width(title) + column
    }

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

    x = column
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
    children.append(NotesLayout.label(
      Keys.status, props.toast ?? count, y: actionsY + line, width: inner,
      color: props.toast == nil ? NotesLayout.quiet : Theme.standard.positive,
      accessibility: Accessibility(role: .status, liveRegion: .polite)))
    children.append(NotesLayout.label(
      Keys.help, help, y: actionsY + 2 * line, width: inner, color: NotesLayout.quiet,
      accessibility: Accessibility(role: .landmark(.contentInfo))))
    return children
  }

  static func handle(
    event: NodeEvent, props: NotesListScreenProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .key(let press) = event, case .character(let character) = press.key else { return false }
    switch (press.modifiers, character) {
    case (.control, "z"): dispatch(History<NotesState>.Undo())
    case (.control, "y"): dispatch(History<NotesState>.Redo())
    case ([], "f"):
      guard let index = props.folders.firstIndex(of: props.folder) else { return false }
      dispatch(NoteActions.SelectFolder(props.folders[(index + 1) % props.folders.count]))
    case ([], "o"):
      let all = NoteOrder.allCases
      dispatch(NoteActions.SetOrder(all[((all.firstIndex(of: props.order) ?? 0) + 1) % all.count]))
    case ([], "/"): dispatch(Navigation.Push<NotesState>(.search))
    case ([], "e"): dispatch(Navigation.Push<NotesState>(.transfer))
    default: return false
    }
    return true
  }
}
