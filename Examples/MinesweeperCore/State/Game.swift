/// One game: its preset, its field, its status, and the seed its mines are laid from.
public struct Game: Hashable, Sendable, Codable {
  public internal(set) var difficulty: Difficulty
  /// The mines are laid from this seed (and the first disclosed cell), so a game can be replayed.
  public internal(set) var seed: UInt64
  public internal(set) var field: MineField
  public internal(set) var status: GameStatus

  /// A fresh game, ready for its first move.
  public init(difficulty: Difficulty, seed: UInt64) {
    self.difficulty = difficulty
    self.seed = seed
    field = MineField(columns: difficulty.columns, rows: difficulty.rows)
    status = .ready
  }

  /// Mines minus flags: the counter players watch (negative when over-flagged); 0 once won,
  /// since every mine is then known.
  public var minesLeft: Int { status == .won ? 0 : difficulty.mines - field.flagCount }

  /// What the cell at `position` shows.
  public func appearance(at position: CellPosition) -> CellAppearance {
    let cover = field.cover(at: position)
    let mine = field.hasMine(at: position)
    switch status {
    case .lost(let exploded):
      if position == exploded { return .explodedMine }
      if cover == .flagged { return mine ? .flagged : .wrongFlag }
      if mine { return .mine }
    case .won:
      if mine { return .flagged }
    case .ready, .playing:
      break
    }
    switch cover {
    case .hidden: return .hidden
    case .flagged: return .flagged
    case .disclosed: return mine ? .explodedMine : .disclosed(adjacentMines: field.adjacentMines(to: position))
    }
  }
}
