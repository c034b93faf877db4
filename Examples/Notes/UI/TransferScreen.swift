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
  /// The screen is the page's main content.
  var accessibility = Accessibility.landmark(.main, label: "Import and export")
}

/// Import and export: the file, the two actions, and while one runs a progress bar with a cancel
/// button; then how it ended.
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

  static let help = "Export writes every note to the file; import adds the notes of a file · Esc goes back"

  static func connect(props: inout TransferScreenProps, to storeState: NotesState) {
    props.path = storeState.transferPath
    props.transfer = storeState.transfer
    props.noteCount = storeState.notes.count
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
      NotesLayout.button(Keys.export, "export \(props.noteCount) notes", x: column, y: 2 * line, isEnabled: !running) {
        dispatch(TransferActions.Export(path: path))
      },
      NotesLayout.button(Keys.import, "import from the file", x: column, y: 3 * line, isEnabled: !running) {
        dispatch(TransferActions.Import(path: path))
      },
    ]
    guard let transfer = props.transfer else { return children + [helpLabel(props)] }
    let verb = transfer.kind == .export ? "Exporting" : "Importing"
    if running {
      // The bar: as many cells filled as the fraction done of its width.
      let cells = max(10, min(40, Int(inner / column) - 16))
      let filled = Int((transfer.fraction * Double(cells)).rounded(.down))
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
      var progress = Accessibility(role: .progressBar, label: "\(verb) notes")
      progress.range = AccessibilityRange(current: Double(transfer.done), minimum: 0, maximum: Double(max(transfer.total, 1)))
      progress.value = "\(transfer.done) of \(transfer.total)"
      children.append(NotesLayout.label(
        Keys.progress, "\(bar) \(transfer.done)/\(transfer.total)", y: 5 * line, width: inner, color: Theme.standard.accent,
        accessibility: progress))
      children.append(NotesLayout.button(Keys.cancel, "cancel", x: column, y: 6 * line) { dispatch(TransferActions.Cancel()) })
    }
    children.append(NotesLayout.label(
      Keys.outcome, outcome(of: transfer), y: 7 * line, width: inner,
      color: { if case .failed = transfer.phase { Theme.standard.negative } else { NotesLayout.quiet } }(),
      accessibility: Accessibility(role: .status, liveRegion: .polite)))
    return children + [helpLabel(props)]
  }

  /// What the user reads about a transfer.
  static func outcome(of transfer: TransferProgress) -> String {
    let notes = transfer.done == 1 ? "1 note" : "\(transfer.done) notes"
    switch (transfer.kind, transfer.phase) {
    case (.export, .running): return "Exporting to \(transfer.path)…"
    case (.import, .running): return "Importing from \(transfer.path)…"
    case (.export, .finished): return "Exported \(notes) to \(transfer.path)"
    case (.import, .finished): return "Imported \(notes) from \(transfer.path) · ^Z undoes"
    case (.export, .cancelled): return "Export cancelled: no file was written"
    case (.import, .cancelled): return "Import cancelled: nothing was added"
    case (_, .failed(let message)): return "Failed: \(message)"
    }
  }

  private static func helpLabel(_ props: TransferScreenProps) -> AnyNodeDescription {
    NotesLayout.label(
      Keys.help, help, y: max(9 * NotesLayout.line, props.frame.height - NotesLayout.line),
      width: max(0, props.frame.width - 2 * NotesLayout.column), color: NotesLayout.quiet,
      accessibility: Accessibility(role: .landmark(.contentInfo)))
  }
}
