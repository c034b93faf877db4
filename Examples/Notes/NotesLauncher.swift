import ExampleSupport
import Foundation
import Katana
import KatanaDevTools
import KatanaPersistence
import KatanaTerminal
import KatanaUI
import NotesCore

/// Opens the store on a data folder and runs the screens; shared by every subcommand.
enum NotesLauncher {
  /// The store on `storage`, ready, with load problems printed to standard error.
  static func openStore(
    _ storage: NotesStorage, timing: AppDependencies.Timing = .interactive, devTools: DevTools<NotesState>? = nil
  ) async -> (store: Store<NotesState, AppDependencies>, persistence: Persistence<NotesState>) {
    // DevTools is attached here, in the executable: the app's logic (NotesCore) does not link it.
    let (store, persistence) = storage.makeStore(timing: timing, onError: { warn("\($0)") }) { parts in
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
  static var rootScreen: NavigationRoot<NotesScreens> { NavigationRoot() }

  /// The notes in the terminal until Ctrl-Q or Ctrl-C; saves before returning.
  static func runTerminal(_ storage: NotesStorage, devTools options: DevToolsOptions) async throws {
    let devTools: DevTools<NotesState>? = options.makeDevTools(registry: NotesStorage.registry)
    let (store, persistence) = await openStore(storage, devTools: devTools)
    try await options.start(devTools)
    try await TerminalApp.run(
      rootScreen, store: store,
      configuration: TerminalApp.Configuration(quitKeys: [.control("c"), .control("q")], geometry: .fontCell))
    // Fold the session's journal into the notes file, so the journal stays short.
    try await persistence.compact()
    print("Notes: \(store.state.notes.count) notes in \(store.state.folders.count) folders; saved in \(storage.folder)")
  }

  /// The same screens served to browsers until interrupted; saves before returning.
  static func runWeb(_ storage: NotesStorage, web: WebOptions, devTools options: DevToolsOptions) async throws {
    let devTools: DevTools<NotesState>? = options.makeDevTools(registry: NotesStorage.registry)
    let (store, persistence) = await openStore(storage, devTools: devTools)
    try await options.start(devTools)
    try await web.serve(store: store, title: "Notes") { rootScreen }
    try await persistence.compact()
  }

  static func warn(_ message: String) {
    FileHandle.standardError.write(Data("Notes: \(message)\n".utf8))
  }
}
