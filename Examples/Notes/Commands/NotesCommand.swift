import ArgumentParser
import ExampleSupport
import Foundation
import Katana
import NotesCore

/// `Notes`: the terminal UI by default (or the browser's with `--web`), or one change from the
/// shell.
@main
struct NotesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "Notes",
    abstract: "Notes in folders, in the terminal, in a browser or from the shell; all share one data folder.",
    subcommands: [Interactive.self, Add.self, List.self, Search.self, Export.self, Import.self, Undo.self, Redo.self],
    defaultSubcommand: Interactive.self)
}

extension NotesCommand {
  /// Runs the terminal UI, or serves it to browsers.
  struct Interactive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ui", abstract: "Open the notes in the terminal (the default), or in a browser with --web.")
    @OptionGroup var options: DataOptions
    @OptionGroup var web: WebOptions
    @OptionGroup var devTools: DevToolsOptions

    func run() async throws {
      let folder = devTools.dataFolder(options.storage.folder, chosenByUser: options.data != nil, app: "notes")
      try await NotesLauncher.launcher(NotesStorage(folder: folder)).runInteractive(web: web, devTools: devTools)
    }
  }

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a note.")
    @OptionGroup var options: DataOptions
    @Option(help: "The folder (default: the one selected in the app).") var folder: String?
    @Option(help: "The note's text.") var body = ""
    @Argument(help: "The note's title.") var title: String

    func run() async throws {
      try await change(options.storage, NoteActions.AddNote(title: title, body: body, folder: folder))
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print every note: id, folder and title.")
    @OptionGroup var options: DataOptions

    func run() async throws {
      let launcher = NotesLauncher.launcher(options.storage, timing: .immediate)
      let (store, _) = await launcher.openStore()
      printList(store.state.notes, store.dependencies.noteManager)
    }
  }

  struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the notes whose title or text has every word.")
    @OptionGroup var options: DataOptions
    @Argument(help: "The words to find.") var words: [String]

    func run() async throws {
      let launcher = NotesLauncher.launcher(options.storage, timing: .immediate)
      let (store, _) = await launcher.openStore()
      try await store.dispatch(SearchActions.EditQuery(words.joined(separator: " "))).value
      try await store.dispatch(SearchActions.Search()).value
      printList(store.state.search.results.compactMap(store.state.note(id:)), store.dependencies.noteManager)
    }
  }

  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write every note to an export file (JSON Lines).")
    @OptionGroup var options: DataOptions
    @Argument(help: "The file to write; an older export there is replaced.") var file: String

    func run() async throws {
      let launcher = NotesLauncher.launcher(options.storage, timing: .immediate)
      let (store, _) = await launcher.openStore()
      do {
        try await store.dispatch(TransferActions.Export(path: file)).value
      } catch let error as TransferError {
        launcher.warn(error.description)
        throw ExitCode.failure
      }
      print("Exported \(store.state.transfer?.done ?? 0) notes to \(store.state.transfer?.path ?? file)")
    }
  }

  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add the notes of an export file.")
    @OptionGroup var options: DataOptions
    @Argument(help: "The export file to read.") var file: String

    func run() async throws {
      let launcher = NotesLauncher.launcher(options.storage, timing: .immediate)
      let (store, _) = await launcher.openStore()
      do {
        try await store.dispatch(TransferActions.Import(path: file)).value
        try await store.dispatch(NoteActions.Save()).value
      } catch let error as TransferError {
        launcher.warn(error.description)
        throw ExitCode.failure
      }
      let count = store.state.transfer?.done ?? 0
      print("Imported \(count == 1 ? "1 note" : "\(count) notes"); \(store.state.notes.count) in all")
    }
  }

  struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Undo the last change to the notes.")
    @OptionGroup var options: DataOptions

    func run() async throws {
      try await change(options.storage, NoteActions.Undo())
    }
  }

  struct Redo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Redo the last undone change.")
    @OptionGroup var options: DataOptions

    func run() async throws {
      try await change(options.storage, NoteActions.Redo())
    }
  }
}

/// Opens the notes, applies `change`, saves, prints the notes; a refused change exits with its
/// message and status 1.
private func change<Change: SideEffect>(_ storage: NotesStorage, _ change: Change) async throws
where Change.StateType == NotesState, Change.Dependencies == AppDependencies {
  let launcher = NotesLauncher.launcher(storage, timing: .immediate)
  let (store, _) = await launcher.openStore()
  do {
    try await store.dispatch(change).value
    try await store.dispatch(NoteActions.Save()).value
  } catch let error as NotesError {
    launcher.warn(error.description)
    throw ExitCode.failure
  }
  printList(store.state.notes, store.dependencies.noteManager)
}

private func printList(_ notes: [Note], _ manager: NoteManager) {
  for line in manager.listing(of: notes) { print(line) }
  print(notes.count == 1 ? "1 note" : "\(notes.count) notes")
}
