import Katana
import KatanaUI
import NotesCore

/// The props of the import and export screen, fed from the store.
struct TransferScreenProps: NodeDescriptionProps, AccessibleProps {
  var path = ""
  var transfer: TransferProgress?
  var noteCount = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
  /// Nothing of its own: the navigation root already makes each screen the page's main landmark.
  var accessibility = Accessibility()
}

/// Import and export: the file, the two actions, and while one runs a progress bar with a cancel
/// button (Esc cancels too); then how it ended.
struct TransferScreen: ConnectedNodeDescription {
  typealias StoreState = NotesState

  /// The element keys; their text is what tests look up.
  enum Keys {
    static let pathLabel = "transfer.pathLabel"
    static let path = "transfer.path"
    static let export = "transfer.export"
    static let `import` = "transfer.import"
    static let progress = "transfer.progress"
    static let cancel = "transfer.cancel"
    static let outcome = "transfer.outcome"
    static let help = "transfer.help"
  }

  var props: TransferScreenProps

  static func connect(props: inout TransferScreenProps, to storeState: NotesState) {
    props.path = storeState.transferPath
    props.transfer = storeState.transfer
    props.noteCount = storeState.notes.count
  }

  /// The screen's keys: each handles its key and is listed on the help line.
  @MainActor
  static func keyBindings(props: TransferScreenProps, dispatch: Dispatcher) -> [KeyBinding] {
    var bindings = [KeyBinding(.tab, help: "moves", where: .terminal)]
    if props.transfer?.isRunning == true {
      // Taken before the navigation root's Esc: the first Esc stops the transfer, the next goes back.
      bindings.append(KeyBinding(.escape, help: "cancels") { dispatch(TransferActions.Cancel()) })
    } else {
      bindings.append(KeyBinding(.escape, help: "back", where: .terminal))
    }
    return bindings + [KeyBinding.quit]
  }

  static func childrenDescriptions(
    props: TransferScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = NotesLayout.line
    let column = NotesLayout.column
    let inner = max(0, props.frame.width - 2 * column)
    let running = props.transfer?.isRunning == true
    let path = props.path
    var children: [AnyNodeDescription] = [
      TextField(props: TextFieldProps.build { field in
        field.key = Keys.path
        field.frame = Rect(x: 7 * column, y: 0, width: max(0, inner - 6 * column), height: line)
        field.text = path
        field.placeholder = "A file, e.g. notes-export.jsonl"
        Theme.standard.apply(to: &field)
        field.accessibility.label = "File"
        field.onChange = { dispatch(TransferActions.EditPath($0)) }
      }),
      NotesLayout.label(Keys.pathLabel, "File", y: 0, width: 5 * column, color: NotesLayout.quiet),
      NotesLayout.button(Keys.export, "export \(props.noteCount) notes", x: column, y: 2 * line) {
        dispatch(TransferActions.Export(path: path))
      },
      NotesLayout.button(Keys.import, "import from the file", x: column, y: 3 * line) {
        dispatch(TransferActions.Import(path: path))
      },
    ]
    if let transfer = props.transfer, running {
      children.append(ProgressBar(props: ProgressBarProps.build { bar in
        bar.key = Keys.progress
        bar.frame = Rect(x: column, y: 5 * line, width: min(inner, 50 * column), height: line)
        bar.value = transfer.total > 0 ? transfer.fraction : nil
        bar.title = transfer.kind == .export ? "Exporting notes" : "Importing notes"
        bar.accessibility.value = "\(transfer.done) of \(transfer.total)"
      }))
      children.append(NotesLayout.button(Keys.cancel, "cancel", x: column, y: 6 * line) { dispatch(TransferActions.Cancel()) })
    }
    if let transfer = props.transfer {
      let failed = if case .failed = transfer.phase { true } else { false }
      children.append(NotesLayout.status(
        Keys.outcome, outcome(of: transfer), y: 8 * line, width: inner, color: failed ? Theme.standard.negative : nil))
    }
    children.append(NotesLayout.keyHelp(
      Keys.help, keyBindings(props: props, dispatch: dispatch), y: max(10 * line, props.frame.height - line), width: inner))
    return children
  }

  static func handle(
    event: NodeEvent, props: TransferScreenProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    keyBindings(props: props, dispatch: dispatch).handle(event)
  }

  /// What the user reads about a transfer.
  static func outcome(of transfer: TransferProgress) -> String {
    let notes = transfer.done == 1 ? "1 note" : "\(transfer.done) notes"
    switch (transfer.kind, transfer.phase) {
    case (.export, .running): return "Exporting \(transfer.done) of \(transfer.total) to \(transfer.path)…"
    case (.import, .running): return "Importing \(transfer.done) of \(transfer.total) from \(transfer.path)…"
    case (.export, .finished): return "Exported \(notes) to \(transfer.path)"
    case (.import, .finished): return "Imported \(notes) from \(transfer.path) · ^Z undoes"
    case (.export, .cancelled): return "Export cancelled: no file was written"
    case (.import, .cancelled): return "Import cancelled: nothing was added"
    case (_, .failed(let message)): return "Failed: \(message)"
    }
  }
}
