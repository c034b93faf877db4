import ExampleSupport
import Katana
import KatanaDevTools
import KatanaUI
import TodosCore

/// How the `Todos` executable opens its store and runs its screens; shared by every subcommand.
enum TodosLauncher {
  /// The root: the screen on top of the route stack, under a title bar; a browser backend runs
  /// the same description.
  static var rootScreen: NavigationRoot<TodosScreens> { NavigationRoot() }

  /// The launcher on `storage`.
  static func launcher(_ storage: TodosStorage) -> SavedAppLauncher<TodosState, AppDependencies, NavigationRoot<TodosScreens>> {
    SavedAppLauncher(
      name: "Todos", folder: storage.folder, registry: TodosStorage.registry,
      summary: { "\($0.activeCount) left, \($0.doneCount) done" },
      root: { rootScreen }
    ) { devTools, onError in
      // DevTools is attached here, in the executable: the app's logic (TodosCore) does not link it.
      storage.makeStore(onError: onError) { parts in
        Store(
          interceptors: parts.interceptors, stateInitializer: parts.stateInitializer,
          dependenciesInitializer: { _, _ in parts.dependencies }, devTools: devTools)
      }
    }
  }
}
