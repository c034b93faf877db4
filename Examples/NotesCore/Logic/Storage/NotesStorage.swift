public import Foundation
public import Katana
public import KatanaPersistence

/// Where the notes live on disk, and the store that loads and saves them.
///
/// One folder holds `notes.json` (the notes, folders and settings), `journal.jsonl` (every
/// change, replayable) and `history.json` (undo across launches). The terminal UI, the browser UI
/// and the command-line subcommands use the same folder.
public struct NotesStorage: Sendable {
  /// The data folder.
  public var folder: String

  public init(folder: String) {
    self.folder = folder
  }

  /// `$XDG_DATA_HOME/katana-notes`, or `~/.local/share/katana-notes` without it.
  public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return dataHome + "/katana-notes"
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.local/share/katana-notes"
  }

  public var statePath: String { folder + "/notes.json" }
  public var journalPath: String { folder + "/journal.jsonl" }
  public var historyPath: String { folder + "/history.json" }

  /// The journaled updaters, under names that must never change.
  public static var registry: JournalRegistry<NotesState> {
    var registry = JournalRegistry<NotesState>()
    registry.register(NoteActions.Add.self, as: "notes.add")
    registry.register(NoteActions.Update.self, as: "notes.update")
    registry.register(NoteActions.SetPinned.self, as: "notes.setPinned")
    registry.register(NoteActions.Move.self, as: "notes.move")
    registry.register(NoteActions.Delete.self, as: "notes.delete")
    registry.register(NoteActions.SelectFolder.self, as: "notes.selectFolder")
    registry.register(NoteActions.SetOrder.self, as: "notes.setOrder")
    registry.register(TransferActions.AddImported.self, as: "notes.addImported")
    registry.register(RestoreState<NotesState>.self, as: "katana.restore")
    return registry
  }

  /// Undo restores the notes and their folders, and keeps everything else: the settings, what the
  /// user is typing, the search, a transfer, the message and where the user is.
  public static func restore(current: NotesState, recorded: NotesState) -> NotesState {
    var state = current
    state.notes = recorded.notes
    state.nextID = max(recorded.nextID, current.nextID)
    state.nextRevision = max(recorded.nextRevision, current.nextRevision)
    state.folders = recorded.folders
    if !state.folders.contains(state.folder) { state.folder = state.folders.first ?? NotesState.defaultFolders[0] }
    if let id = state.confirmingDelete, state.note(id: id) == nil { state.confirmingDelete = nil }
    return state
  }

  /// The state file, journal and history in ``folder``.
  ///
  /// - Parameter onError: hears write failures and the journal problems found at load.
  public func makePersistence(onError: @escaping @Sendable (PersistenceError) -> Void = { _ in }) -> Persistence<NotesState> {
    Persistence(
      stateFile: StateFile(
        path: statePath, version: 1, select: { SavedNotes($0) }, merge: { $1.merge(into: &$0) }, onError: onError),
      journal: Journal(path: journalPath, registry: Self.registry, syncPolicy: .everyItem, onError: onError),
      history: History(
        limit: 100, path: historyPath, restore: { Self.restore(current: $0, recorded: $1) }, onError: onError),
      onError: onError)
  }

  /// A store that loads the notes from ``folder`` and saves every change there.
  ///
  /// A notes file that cannot be read is moved aside and the store starts empty; the reason is in
  /// the store's `initializationError`.
  ///
  /// - Parameters:
  ///   - clock: what searches, messages and transfers wait on.
  ///   - timing: how long they wait (``AppDependencies/Timing/immediate`` on the command line).
  ///   - onError: hears write failures and the journal problems found at load.
  ///   - build: makes the store of its parts; a plain store by default. Pass your own to attach
  ///     tools, such as DevTools, that the logic does not link.
  public func makeStore(
    clock: any Clock<Duration> = ContinuousClock(),
    timing: AppDependencies.Timing = .interactive,
    onError: @escaping @Sendable (PersistenceError) -> Void = { _ in },
    build: (NotesStoreParts) -> Store<NotesState, AppDependencies> = { $0.makePlainStore() }
  ) -> (store: Store<NotesState, AppDependencies>, persistence: Persistence<NotesState>) {
    let persistence = makePersistence(onError: onError)
    let parts = NotesStoreParts(
      interceptors: [persistence.interceptor],
      stateInitializer: { try persistence.loadState() },
      dependencies: AppDependencies(clock: clock, timing: timing, persistence: persistence))
    return (build(parts), persistence)
  }
}
