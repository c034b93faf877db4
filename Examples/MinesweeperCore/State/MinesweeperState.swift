public import Katana

/// The whole app state: the current game.
public struct MinesweeperState: State, Hashable, Codable {
  /// The game on screen; replaced by ``GameActions/StartGame``.
  public internal(set) var game: Game

  /// A beginner game with seed 0, until ``GameActions/StartGame`` sets up a real one.
  public init() {
    game = Game(difficulty: .beginner, seed: 0)
  }
}
