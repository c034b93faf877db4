public import ArgumentParser
import ExampleSupport
import Foundation
import Katana
import KatanaDevTools
import KatanaTerminal
import KatanaUI
public import MinesweeperCore

/// Minesweeper on KatanaUI, in the terminal or, with `--web`, in browsers.
@main
struct MinesweeperCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "Minesweeper",
    abstract: "Minesweeper on KatanaUI, in the terminal or in a browser.",
    discussion: """
      Opens on the difficulty choice (or straight on the board with --difficulty). \
      Arrows move, Enter/Space/left click reveal, f/right click flag, r restart, \
      d next difficulty, 1/2/3 pick a difficulty, Esc goes back, q quits the terminal game; \
      Ctrl-C stops the web server.
      """
  )

  @Option(help: "Seeds the mine placement: the same seed and moves give the same games.")
  var seed: UInt64?

  @Option(help: "beginner, intermediate or expert: skips the difficulty choice.")
  var difficulty: Difficulty?

  @OptionGroup var web: WebOptions

  @OptionGroup var devToolsOptions: DevToolsOptions

  func run() async throws {
    let devTools: DevTools<MinesweeperState>? = devToolsOptions.makeDevTools()
    let store = Store<MinesweeperState, AppDependencies>(devTools: devTools)
    if let seed { store.dependencies.randomSource.reseed(seed) }
    // In the terminal the line is printed before the screen opens (and is there again after it
    // closes): the screen covers the terminal while it runs.
    try await devToolsOptions.start(devTools)
    if let difficulty {
      try await store.dispatch(GameActions.Play(difficulty: difficulty)).value
    } else {
      try await store.dispatch(GameActions.StartGame(difficulty: .beginner)).value
    }
    if web.isEnabled {
      try await web.serve(store: store, title: "Minesweeper") { NavigationRoot<MinesweeperScreens>() }
      return
    }
    do {
      try await TerminalApp.run(
        NavigationRoot<MinesweeperScreens>(),
        store: store,
        configuration: TerminalApp.Configuration(
          quitKeys: [.character("q"), .control("c"), .control("q")], geometry: .fontCell)
      )
    } catch {
      FileHandle.standardError.write(Data("Minesweeper: \(error)\n".utf8))
      throw ExitCode.failure
    }
    let game = store.state.game
    print("Minesweeper: \(game.difficulty.rawValue), \(game.status), seed \(game.seed)")
  }
}

extension Difficulty: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(rawValue: argument.lowercased())
  }
}
