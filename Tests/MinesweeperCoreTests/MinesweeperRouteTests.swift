import Katana
import KatanaUI
import Testing

@testable import MinesweeperCore

@Suite("Minesweeper routes: start, game, result")
struct MinesweeperRouteTests {
  @Test("each screen's path opens it on the start screen; unknown paths open not-found")
  func paths() {
    for route in [MinesweeperRoute.start, .game, .result] {
      let stack = MinesweeperRoute.stack(forPath: route.path)
      #expect(stack.top == route)
      #expect(stack.root == .start)
    }
    #expect(MinesweeperRoute.stack(forPath: "/game/").top == .game)
    #expect(MinesweeperRoute.stack(forPath: "/high-scores").routes == [.start, .notFound(path: "/high-scores")])
  }

  @Test("the move that ends the game shows the result in place of the board; a new game shows the board")
  func endOfGame() async throws {
    var state = MinesweeperState()
    state.game.field = field(["*..", "...", "..*"])
    state.game.status = .playing
    state.routes = MinesweeperRoute.playing
    GameActions.DiscloseCell(CellPosition(column: 2, row: 0)).updateState(&state)
    #expect(state.routes.routes == [.start, .game])
    GameActions.DiscloseCell(CellPosition(column: 0, row: 0)).updateState(&state)
    #expect(state.routes.routes == [.start, .result])

    let store = Store<MinesweeperState, AppDependencies>()
    try await store.dispatch(Navigation.Open<MinesweeperState>(state.routes)).value
    try await store.dispatch(GameActions.StartGame()).value
    #expect(store.state.routes.routes == [.start, .game])
    try await store.dispatch(Navigation.PopToRoot<MinesweeperState>()).value
    try await store.dispatch(GameActions.Play(difficulty: .expert)).value
    #expect(store.state.routes.routes == [.start, .game])
    #expect(store.state.game.difficulty == .expert)
  }
}
