import ArgumentParser
import Foundation
import NotesCore

/// `--data PATH`, shared by every subcommand.
struct DataOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The folder that holds the notes (default: $XDG_DATA_HOME/katana-notes or ~/.local/share/katana-notes).",
      valueName: "path"))
  var data: String?

  var storage: NotesStorage {
    NotesStorage(folder: data.map(absolute) ?? NotesStorage.defaultFolder())
  }

  private func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
