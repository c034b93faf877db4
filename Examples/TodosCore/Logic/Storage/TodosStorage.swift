public import Foundation
public import Katana
public import KatanaPersistence

/// Where the list lives on disk, and the store that loads and saves it.
///
/// One folder holds `todos.json` (the list), `journal.jsonl` (every change, replayable) and
/// `history.json` (undo across launches). The terminal UI and the command-line subcommands use the
/// same folder, so `Todos add milk` shows up in the next `Todos` session.
public struct TodosStorage: Sendable {
  /// The data folder.
  public var folder: String

  public init(folder: String) {
    self.folder = folder
  }

  /// `$XDG_DATA_HOME/katana-todos`, or `~/.local/share/katana-todos` without it.
  public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return dataHome + "/katana-todos"
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.local/share/katana-todos"
  }

  public var statePath: String { folder + "/todos.json" }
  public var journalPath: String { folder + "/journal.jsonl" }
  public var historyPath: String { folder + "/history.json" }

  /// The journaled updaters, under names that must never change.
  public static var registry: JournalRegistry<TodosState> {
    var registry = JournalRegistry<TodosState>()
    registry.register(TodoActions.Add.self, as: "todos.add")
    registry.register(TodoActions.Toggle.self, as: "todos.toggle")
    registry.register(TodoActions.SetDone.self, as: "todos.setDone")
    registry.register(TodoActions.Delete.self, as: "todos.delete")
    registry.register(TodoActions.ClearDone.self, as: "todos.clearDone")
    registry.register(TodoActions.SetFilter.self, as: "todos.setFilter")
    registry.register(TodoActions.Update.self, as: "todos.update")
    registry.register(TodoActions.SetOrder.self, as: "todos.setOrder")
    registry.register(RestoreState<TodosState>.self, as: "katana.restore")
    return registry
  }

  /// The state file, journal and history in ``folder``.
  ///
  /// - Parameter onError: hears write failures and the journal problems found at load.
  public func makePersistence(onError: @escaping @Sendable (PersistenceError) -> Void = { _ in }) -> Persistence<TodosState> {
    // Undo restores the list and keeps the settings, what the user is typing and where they are.
    let restore: @Sendable (TodosState, TodosState) -> TodosState = { current, recorded in
      var state = recorded
      state.draft = current.draft
      state.filter = current.filter
      state.order = current.order
      state.edits = current.edits
      state.routes = current.routes
      return state
    }
    return Persistence(
      stateFile: StateFile(
        path: statePath, version: 1, select: { SavedTodos($0) }, merge: { $1.merge(into: &$0) }, onError: onError),
      journal: Journal(path: journalPath, registry: Self.registry, syncPolicy: .everyItem, onError: onError),
      history: History(limit: 100, path: historyPath, restore: restore, onError: onError),
      onError: onError)
  }

  /// A store that loads the list from ``folder`` and saves every change there.
  ///
  /// A list file that cannot be read is moved aside and the store starts empty; the reason is in
  /// the store's `initializationError`.
  ///
  /// - Parameters:
  ///   - onError: hears write failures and the journal problems found at load.
  ///   - build: makes the store of its parts; a plain store by default. Pass your own to attach
  ///     tools, such as DevTools, that the logic does not link.
  public func makeStore(
    onError: @escaping @Sendable (PersistenceError) -> Void = { _ in },
    build: (TodosStoreParts) -> Store<TodosState, AppDependencies> = { $0.makePlainStore() }
  ) -> (store: Store<TodosState, AppDependencies>, persistence: Persistence<TodosState>) {
    let persistence = makePersistence(onError: onError)
    let parts = TodosStoreParts(
      interceptors: [persistence.interceptor],
      stateInitializer: { try persistence.loadState() },
      dependencies: AppDependencies(persistence: persistence))
    return (build(parts), persistence)
  }
}
