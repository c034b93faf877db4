/// What a cell shows, derived from the game; the UI draws this and nothing else.
public enum CellAppearance: Hashable, Sendable {
  case hidden
  case flagged
  /// Disclosed, with the number of adjacent mines (0 to 8).
  case disclosed(adjacentMines: Int)
  /// A mine shown after the game was lost.
  case mine
  /// The mine that ended the game.
  case explodedMine
  /// A flag on a cell without a mine, shown after the game was lost.
  case wrongFlag
}
