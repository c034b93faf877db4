import Katana
import KatanaUI
import NotesCore

/// The props of the search screen, fed from the store.
struct SearchScreenProps: NodeDescriptionProps, AccessibleProps {
  var search = NoteSearch()
  /// The notes found, in the list's order.
  var results: [Note] = []
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
  /// The screen is the page's search landmark.
  var accessibility = Accessibility.landmark(.search, label: "Search notes")
}

/// Search every note: a field, a spinner while the (deliberately slow) search runs, and the notes
/// found, which open like the list's.
struct SearchScreen: ConnectedNodeDescription {
  typealias StoreState = NotesState

  /// The element keys; their text is what tests look up.
  enum Keys {
    static let field = "search.field"
    static let spinner = "search.spinner"
    static let summary = "search.summary"
    static let results = "search.results"
    static let help = "search.help"
    static let rowPrefix = "found-"
  }

  var props: SearchScreenProps

  /// The screen's keys, for the help line (the field and the rows take the keys themselves).
  static var bindings: [KeyBinding] {
    [
      KeyBinding(.tab, help: "reaches the notes found", where: .terminal),
      KeyBinding(.enter, help: "opens", where: .terminal),
      KeyBinding(.escape, help: "back", where: .terminal),
      KeyBinding.quit,
    ]
  }

  static func connect(props: inout SearchScreenProps, to storeState: NotesState) {
    props.search = storeState.search
    props.results = storeState.search.results.compactMap(storeState.note(id:))
  }

  static func childrenDescriptions(
    props: SearchScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = NotesLayout.line
    let column = NotesLayout.column
    let inner = max(0, props.frame.width - 2 * column)
    let search = props.search
    var children: [AnyNodeDescription] = [
      TextField(props: TextFieldProps.build { field in
        field.key = Keys.field
        field.frame = Rect(x: column, y: 0, width: inner, height: line)
        field.text = search.query
        field.placeholder = "Search every note"
        Theme.standard.apply(to: &field)
        field.accessibility.label = "Search every note"
        field.onChange = { text in
          dispatch(SearchActions.EditQuery(text))
          dispatch(SearchActions.Search())
        }
      })
    ]
    let summary: String
    if search.isSearching {
      summary = "Searching for “\(search.query)”…"
    } else if let query = search.searchedQuery {
      summary = props.results.isEmpty ? "Nothing found for “\(query)”" : "\(props.results.count) found for “\(query)”"
    } else {
      summary = "Every word must be in the title or the text"
    }
    children.append(ActivityIndicator(props: ActivityIndicatorProps.build { spinner in
      spinner.key = Keys.spinner
      spinner.frame = Rect(x: column, y: 2 * line, width: 2 * column, height: line)
      spinner.isAnimating = search.isSearching
      spinner.title = ""
      spinner.accessibility.label = "Searching"
    }))
    children.append(NotesLayout.status(Keys.summary, summary, x: 4 * column, y: 2 * line, width: inner - 3 * column))
    let manager = NoteManager()
    let helpY = max(5 * line, props.frame.height - line)
    children.append(Table(props: TableProps.build { table in
      table.key = Keys.results
      table.frame = Rect(x: column, y: 4 * line, width: inner, height: max(line, helpY - 5 * line))
      table.delegate = NoteListDelegate(
        notes: props.results, snippets: props.results.map { note in
          let snippet = manager.snippet(of: note.body)
          return snippet.isEmpty ? note.folder : "\(note.folder) · \(snippet)"
        },
        keyPrefix: Keys.rowPrefix)
      table.mountsOnlyVisibleRows = true
      table.accessibility = Accessibility(role: .list, label: "Notes found")
    }))
    children.append(NotesLayout.keyHelp(Keys.help, bindings, y: helpY, width: inner))
    return children
  }
}
