import Foundation
import ArgumentParser
import TodosCore

/// `--data PATH`, shared by every subcommand.
struct DataOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The folder that holds the list (default: $XDG_DATA_HOME/katana-todos or ~/.local/share/katana-todos).",
      valueName: "path"))
  var data: String?

  var storage: TodosStorage {
    TodosStorage(folder: data.map(absolute) ?? TodosStorage.defaultFolder())
  }

  private func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
