/// Where a game stands.
public enum GameStatus: Hashable, Sendable, Codable {
  /// No cell disclosed yet; the mines are laid on the first disclosure, around it.
  case ready
  /// Mines laid, game in progress.
  case playing
  /// Every safe cell disclosed.
  case won
  /// A mine was disclosed at `exploded`.
  case lost(exploded: CellPosition)

  /// Whether the player can still disclose and flag cells.
  public var acceptsMoves: Bool { self == .ready || self == .playing }
}
