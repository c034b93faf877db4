import ExampleSupport
import Foundation
import Katana
import KatanaDevTools
import KatanaPersistence
import KatanaTerminal
import KatanaUI
import TodosCore

/// Opens the store on a data folder and runs the screen; shared by every subcommand.
enum TodosLauncher {
  /// The store on `storage`, ready, with load problems printed to standard error.
  static func openStore(
    _ storage: TodosStorage, devTools: DevTools<TodosState>? = nil
  ) async -> (store: Store<TodosState, AppDependencies>, persistence: Persistence<TodosState>) {
    // DevTools is attached here, in the executable: the app's logic (TodosCore) does not link it.
    let (store, persistence) = storage.makeStore(onError: { warn("\($0)") }) { parts in
      Store(
        interceptors: parts.interceptors, stateInitializer: parts.stateInitializer,
        dependenciesInitializer: { _, _ in parts.dependencies }, devTools: devTools)
    }
    await store.waitUntilReady()
    if let error = store.initializationError { warn("\(error)") }
    return (store, persistence)
  }

  /// The root: the screen on top of the route stack, under a title bar; a browser backend runs
  /// the same description.
  static var rootScreen: NavigationRoot<TodosScreens> { NavigationRoot() }

  /// The interactive list in the terminal until Ctrl-Q or Ctrl-C; saves before returning.
  ///
  /// With DevTools, its line is printed before the screen opens (and is there again after it
  /// closes): the screen covers the terminal while it runs.
  static func runTerminal(_ storage: TodosStorage, devTools options: DevToolsOptions) async throws {
    let devTools: DevTools<TodosState>? = options.makeDevTools(registry: TodosStorage.registry)
    let (store, persistence) = await openStore(storage, devTools: devTools)
    try await options.start(devTools)
    try await TerminalApp.run(
      rootScreen, store: store,
      configuration: TerminalApp.Configuration(quitKeys: [.control("c"), .control("q")], geometry: .fontCell))
    // Fold the session's journal into the list file, so the journal stays short.
    try await persistence.compact()
    print("Todos: \(store.state.activeCount) left, \(store.state.doneCount) done; saved in \(storage.folder)")
  }

  /// The same screen served to browsers until interrupted; saves before returning.
  static func runWeb(_ storage: TodosStorage, web: WebOptions, devTools options: DevToolsOptions) async throws {
    let devTools: DevTools<TodosState>? = options.makeDevTools(registry: TodosStorage.registry)
    let (store, persistence) = await openStore(storage, devTools: devTools)
    try await options.start(devTools)
    try await web.serve(store: store, title: "Todos") { rootScreen }
    try await persistence.compact()
  }

  static func warn(_ message: String) {
    FileHandle.standardError.write(Data("Todos: \(message)\n".utf8))
  }
}
