import ExampleSupport
import Katana
import KatanaDevTools
import KatanaUI
import NotesCore

/// How the `Notes` executable opens its store and runs its screens; shared by every subcommand.
enum NotesLauncher {
  /// The root: the screen on top of the route stack, under a title bar; a browser backend runs
  /// the same description.
  static var rootScreen: NavigationRoot<NotesScreens> { NavigationRoot() }

  /// The launcher on `storage`; searches, messages and transfers wait as `timing` says
  /// (``AppDependencies/Timing/immediate`` on the command line).
  static func launcher(
    _ storage: NotesStorage, timing: AppDependencies.Timing = .interactive
  ) -> SavedAppLauncher<NotesState, AppDependencies, NavigationRoot<NotesScreens>> {
    SavedAppLauncher(
      name: "Notes", folder: storage.folder, registry: NotesStorage.registry,
      summary: { "\($0.notes.count) notes in \($0.folders.count) folders" },
      root: { rootScreen }
    ) { devTools, onError in
      // DevTools is attached here, in the executable: the app's logic (NotesCore) does not link it.
      storage.makeStore(timing: timing, onError: onError) { parts in
        Store(
          interceptors: parts.interceptors, stateInitializer: parts.stateInitializer,
          dependenciesInitializer: { _, _ in parts.dependencies }, devTools: devTools)
      }
    }
  }
}
