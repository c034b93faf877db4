/// A mine field: where the mines are and what the player has uncovered or flagged.
///
/// A value; ``MineFieldManager`` computes the next field from the current one.
public struct MineField: Hashable, Sendable, Codable {
  /// What covers a cell.
  public enum Cover: Hashable, Sendable, Codable {
    case hidden
    case flagged
    case disclosed
  }

  public let columns: Int
  public let rows: Int
  /// Row-major: `row * columns + column`.
  private(set) var mines: [Bool]
  private(set) var covers: [Cover]

  /// An empty field (no mines, everything hidden). Sizes below 1 become 1.
  public init(columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    mines = Array(repeating: false, count: self.columns * self.rows)
    covers = Array(repeating: .hidden, count: self.columns * self.rows)
  }

  /// Whether `position` lies on the field.
  public func contains(_ position: CellPosition) -> Bool {
    position.column >= 0 && position.column < columns && position.row >= 0 && position.row < rows
  }

  /// Whether a mine lies at `position` (false off the field).
  public func hasMine(at position: CellPosition) -> Bool {
    contains(position) && mines[index(position)]
  }

  /// The cover of `position` (``Cover/hidden`` off the field).
  public func cover(at position: CellPosition) -> Cover {
    contains(position) ? covers[index(position)] : .hidden
  }

  /// How many of the up to 8 neighbours hold a mine.
  public func adjacentMines(to position: CellPosition) -> Int {
    neighbours(of: position).count(where: hasMine(at:))
  }

  /// The neighbours of `position` that lie on the field.
  public func neighbours(of position: CellPosition) -> [CellPosition] {
    var result: [CellPosition] = []
    for deltaRow in -1...1 {
      for deltaColumn in -1...1 where deltaRow != 0 || deltaColumn != 0 {
        let neighbour = CellPosition(column: position.column + deltaColumn, row: position.row + deltaRow)
        if contains(neighbour) { result.append(neighbour) }
      }
    }
    return result
  }

  /// Every position, row by row.
  public var positions: [CellPosition] {
    (0..<rows).flatMap { row in (0..<columns).map { CellPosition(column: $0, row: row) } }
  }

  public var mineCount: Int { mines.count(where: { $0 }) }
  public var flagCount: Int { covers.count(where: { $0 == .flagged }) }

  /// Whether every cell without a mine is disclosed.
  public var isCleared: Bool {
    zip(mines, covers).allSatisfy { mine, cover in mine || cover == .disclosed }
  }

  mutating func setMine(_ mine: Bool, at position: CellPosition) {
    mines[index(position)] = mine
  }

  mutating func setCover(_ cover: Cover, at position: CellPosition) {
    covers[index(position)] = cover
  }

  private func index(_ position: CellPosition) -> Int { position.row * columns + position.column }
}
