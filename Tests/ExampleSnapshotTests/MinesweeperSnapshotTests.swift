import Katana
import KatanaTerminal
import KatanaTesting
import KatanaUI
import MinesweeperCore
import Testing

@testable import Minesweeper

@Suite("Minesweeper's screens, snapshotted")
@MainActor
struct MinesweeperSnapshotTests {
  /// The app's root on a store whose board comes from seed 42.
  func terminal(size: TerminalSize) async -> (HeadlessTerminal, Store<MinesweeperState, AppDependencies>) {
    let store = Store<MinesweeperState, AppDependencies>()
    store.dependencies.randomSource.reseed(42)
    let terminal = HeadlessTerminal(
      root: NavigationRoot<MinesweeperScreens>(), store: store, size: size, geometry: .fontCell, clock: ManualClock())
    await terminal.start()
    return (terminal, store)
  }

  @Test("the start screen", arguments: snapshotSizes)
  func start(size: TerminalSize) async {
    let (terminal, _) = await terminal(size: size)
    assertScreen(terminal, named: "start")
  }

  @Test("a beginner game after the first move", arguments: snapshotSizes)
  func game(size: TerminalSize) async throws {
    let (terminal, store) = await terminal(size: size)
    try await store.dispatch(GameActions.StartGame(difficulty: .beginner)).value
    try await store.dispatch(Navigation.Push<MinesweeperState>(.game)).value
    terminal.renderer.dispatcher(GameActions.DiscloseCell(CellPosition(column: 0, row: 0)))
    await terminal.settle()
    assertScreen(terminal, named: "game")
  }

  @Test("an address the app does not know", arguments: snapshotSizes)
  func notFound(size: TerminalSize) async throws {
    let (terminal, store) = await terminal(size: size)
    try await store.dispatch(Navigation.Open<MinesweeperState>(MinesweeperRoute.stack(forPath: "/nowhere"))).value
    await terminal.settle()
    assertScreen(terminal, named: "not-found")
  }
}
