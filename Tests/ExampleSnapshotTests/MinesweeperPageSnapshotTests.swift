import Katana
import KatanaTesting
import KatanaUI
import KatanaWeb
import MinesweeperCore
import Testing

@testable import Minesweeper

@Suite("Minesweeper's pages, snapshotted")
@MainActor
struct MinesweeperPageSnapshotTests {
  /// The page at `path` on the store the executable serves: `Minesweeper --web` (the start
  /// screen), or with `seed` and `--difficulty beginner` (straight on seed's board).
  func page(_ path: String, viewport: PageViewport, seed: UInt64? = nil) async throws -> HeadlessPage {
    let store = Store<MinesweeperState, AppDependencies>()
    if let seed {
      store.dependencies.randomSource.reseed(seed)
      try await store.dispatch(GameActions.Play(difficulty: .beginner)).value
    } else {
      try await store.dispatch(GameActions.StartGame(difficulty: .beginner)).value
    }
    let page = HeadlessPage(
      root: NavigationRoot<MinesweeperScreens>(), store: store, viewport: viewport, path: path, clock: ManualClock())
    await page.start()
    return page
  }

  @Test("the start screen", arguments: pageViewports)
  func start(viewport: PageViewport) async throws {
    assertPage(try await page("/", viewport: viewport), named: "minesweeper-start")
  }

  @Test("seed 42's beginner board, then after Enter reveals the cell under the cursor", arguments: pageViewports)
  func game(viewport: PageViewport) async throws {
    let page = try await page("/game", viewport: viewport, seed: 42)
    assertPage(page, named: "minesweeper-game")
    await page.press(KeyPress(.enter))
    assertPage(page, named: "minesweeper-game-revealed")
  }

  @Test("an address the app does not know", arguments: pageViewports)
  func notFound(viewport: PageViewport) async throws {
    assertPage(try await page("/nowhere", viewport: viewport), named: "minesweeper-not-found")
  }
}
