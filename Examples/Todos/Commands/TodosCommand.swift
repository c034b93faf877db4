import ArgumentParser
import ExampleSupport
import Foundation
import Katana
import TodosCore

/// `Todos`: the terminal UI by default, or one change from the shell.
@main
struct TodosCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "Todos",
    abstract: "A todo list, in the terminal or from the shell; both share one data folder.",
    subcommands: [Interactive.self, Add.self, List.self, Done.self, Undo.self, Redo.self],
    defaultSubcommand: Interactive.self)
}

extension TodosCommand {
  /// Runs the terminal UI.
  struct Interactive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ui", abstract: "Open the list in the terminal (the default), or in a browser with --web.")
    @OptionGroup var options: DataOptions
    @OptionGroup var web: WebOptions
    @OptionGroup var devTools: DevToolsOptions

    func run() async throws {
      let folder = devTools.dataFolder(options.storage.folder, chosenByUser: options.data != nil, app: "todos")
      try await TodosLauncher.launcher(TodosStorage(folder: folder)).runInteractive(web: web, devTools: devTools)
    }
  }

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add an item.")
    @OptionGroup var options: DataOptions
    @Argument(help: "The item's title.") var title: String

    func run() async throws {
      try await change(options.storage, TodoActions.AddTitle(title))
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the items, numbered.")
    @OptionGroup var options: DataOptions

    func run() async throws {
      let (store, _) = await TodosLauncher.launcher(options.storage).openStore()
      printList(store.state, manager: store.dependencies.listManager)
    }
  }

  struct Done: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark the item with this number (from `list`) done.")
    @OptionGroup var options: DataOptions
    @Argument(help: "The item's number.") var number: Int

    func run() async throws {
      try await change(options.storage, TodoActions.CompleteNumber(number))
    }
  }

  struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Undo the last change to the list.")
    @OptionGroup var options: DataOptions

    func run() async throws {
      try await change(options.storage, TodoActions.Undo())
    }
  }

  struct Redo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Redo the last undone change.")
    @OptionGroup var options: DataOptions

    func run() async throws {
      try await change(options.storage, TodoActions.Redo())
    }
  }
}

/// Opens the list, applies `change`, saves, prints the list; a refused change exits with its
/// message and status 1.
private func change<Change: SideEffect>(_ storage: TodosStorage, _ change: Change) async throws
where Change.StateType == TodosState, Change.Dependencies == AppDependencies {
  let launcher = TodosLauncher.launcher(storage)
  let (store, _) = await launcher.openStore()
  do {
    try await store.dispatch(change).value
    try await store.dispatch(TodoActions.Save()).value
  } catch let error as TodosError {
    launcher.warn(error.description)
    throw ExitCode.failure
  }
  printList(store.state, manager: store.dependencies.listManager)
}

private func printList(_ state: TodosState, manager: TodoListManager) {
  for line in manager.listing(of: state) { print(line) }
  print(manager.countText(state.activeCount))
}
