import Katana
import Testing

@testable import MinesweeperCore

/// A state whose game has the given mines already laid and is in progress.
private func playing(_ rows: [String]) -> MinesweeperState {
  var state = MinesweeperState()
  state.game.field = field(rows)
  state.game.status = .playing
  return state
}

@Suite("Game actions")
struct GameActionsTests {
  @Test("the first disclosure lays the mines and never loses")
  func firstClickSafety() {
    for seed: UInt64 in 0..<50 {
      var state = MinesweeperState()
      state.game = Game(difficulty: .expert, seed: seed)
      GameActions.DiscloseCell(CellPosition(column: 10, row: 8)).updateState(&state)
      #expect(state.game.status == .playing)
      #expect(state.game.field.mineCount == 99)
      #expect(state.game.appearance(at: CellPosition(column: 10, row: 8)) == .disclosed(adjacentMines: 0))
    }
  }

  @Test("disclosing every safe cell wins, and the mines then show as flags")
  func win() {
    var state = playing(["*..", "...", "..*"])
    GameActions.DiscloseCell(CellPosition(column: 2, row: 0)).updateState(&state)
    #expect(state.game.status == .playing)
    GameActions.DiscloseCell(CellPosition(column: 0, row: 2)).updateState(&state)
    #expect(state.game.status == .won)
    #expect(state.game.appearance(at: CellPosition(column: 0, row: 0)) == .flagged)
    #expect(state.game.minesLeft == 0)
  }

  @Test("disclosing a mine loses; all mines and wrong flags are revealed; moves are then ignored")
  func loss() {
    var state = playing(["*..", "...", "..*"])
    GameActions.ToggleFlag(CellPosition(column: 1, row: 1)).updateState(&state)
    GameActions.DiscloseCell(CellPosition(column: 2, row: 2)).updateState(&state)
    #expect(state.game.status == .lost(exploded: CellPosition(column: 2, row: 2)))
    #expect(state.game.appearance(at: CellPosition(column: 2, row: 2)) == .explodedMine)
    #expect(state.game.appearance(at: CellPosition(column: 0, row: 0)) == .mine)
    #expect(state.game.appearance(at: CellPosition(column: 1, row: 1)) == .wrongFlag)
    let lost = state
    GameActions.DiscloseCell(CellPosition(column: 2, row: 0)).updateState(&state)
    GameActions.ToggleFlag(CellPosition(column: 2, row: 0)).updateState(&state)
    #expect(state == lost)
  }

  @Test("a flagged cell cannot be disclosed until unflagged; the counter follows the flags")
  func flagProtects() {
    var state = playing(["*..", "...", "..*"])
    state.game.difficulty = .beginner
    GameActions.ToggleFlag(CellPosition(column: 0, row: 0)).updateState(&state)
    #expect(state.game.minesLeft == 9)
    GameActions.DiscloseCell(CellPosition(column: 0, row: 0)).updateState(&state)
    #expect(state.game.status == .playing)
    GameActions.ToggleFlag(CellPosition(column: 0, row: 0)).updateState(&state)
    #expect(state.game.minesLeft == 10)
  }

  @Test("StartGame through the store uses the reseeded source: same seed, same board")
  func startGameIsReproducible() async throws {
    func board(seed: UInt64) async throws -> Game {
      let store = Store<MinesweeperState, AppDependencies>()
      store.dependencies.randomSource.reseed(seed)
      try await store.dispatch(GameActions.StartGame(difficulty: .intermediate)).value
      try await store.dispatch(GameActions.DiscloseCell(CellPosition(column: 5, row: 5))).value
      return store.state.game
    }
    let first = try await board(seed: 42)
    let second = try await board(seed: 42)
    #expect(first.difficulty == .intermediate)
    #expect(first == second)
    #expect(first.field.mineCount == 40)
    #expect(try await board(seed: 7).field != first.field)
  }

  @Test("restarting keeps the difficulty and gives a fresh, ready game")
  func restart() async throws {
    let store = Store<MinesweeperState, AppDependencies>()
    store.dependencies.randomSource.reseed(3)
    try await store.dispatch(GameActions.StartGame(difficulty: .expert)).value
    try await store.dispatch(GameActions.DiscloseCell(CellPosition(column: 0, row: 0))).value
    let firstSeed = store.state.game.seed
    try await store.dispatch(GameActions.StartGame()).value
    #expect(store.state.game.difficulty == .expert)
    #expect(store.state.game.status == .ready)
    #expect(store.state.game.field.positions.allSatisfy { store.state.game.appearance(at: $0) == .hidden })
    #expect(store.state.game.seed != firstSeed)
  }
}
