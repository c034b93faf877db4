import Foundation
import Katana
import KatanaTerminal
import KatanaUI
import MinesweeperCore

// Minesweeper in the terminal, on KatanaUI. See LaunchOptions.usage for the keys.
let options: LaunchOptions
do {
  options = try LaunchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("Minesweeper: \(error)\n\(LaunchOptions.usage)\n".utf8))
  exit(2)
}
if options.showsHelp {
  print(LaunchOptions.usage)
  exit(0)
}

let store = Store<MinesweeperState, AppDependencies>()
if let seed = options.seed { store.dependencies.randomSource.reseed(seed) }
do {
  try await store.dispatch(GameActions.StartGame(difficulty: options.difficulty)).value
  try await TerminalApp.run(
    MinesweeperScreen(props: MinesweeperScreenProps()),
    store: store,
    configuration: TerminalApp.Configuration(quitKeys: [.character("q"), .control("c"), .control("q")])
  )
  let game = store.state.game
  print("Minesweeper: \(game.difficulty.rawValue), \(game.status), seed \(game.seed)")
} catch {
  FileHandle.standardError.write(Data("Minesweeper: \(error)\n".utf8))
  exit(1)
}
