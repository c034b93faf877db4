public import Katana
public import KatanaUI

/// The whole app state: the current game and the screens open.
public struct MinesweeperState: State, Hashable, Codable, NavigableState {
  /// The game on screen; replaced by ``GameActions/StartGame``.
  public internal(set) var game: Game
  /// The screens open, the start screen at the bottom. A game that ends shows
  /// ``MinesweeperRoute/result`` in place of the board's route.
  public var routes = RouteStack(root: MinesweeperRoute.start)

  /// A beginner game with seed 0, until ``GameActions/StartGame`` sets up a real one.
  public init() {
    game = Game(difficulty: .beginner, seed: 0)
  }
}
