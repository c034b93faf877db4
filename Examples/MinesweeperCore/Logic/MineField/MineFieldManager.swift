/// The rules of Minesweeper as pure functions on ``MineField`` values.
///
/// A manager in the sense of the app guidelines: it holds no state, never dispatches and never
/// reads the store; state updaters and side effects call it with everything it needs. Randomness
/// comes in as a generator parameter, so a seeded generator makes every result reproducible.
public struct MineFieldManager: Hashable, Sendable {
  public init() {}

  /// An empty field of the preset's size: no mines yet, everything hidden.
  ///
  /// - Parameter difficulty: the preset whose columns and rows the field has.
  public func emptyField(for difficulty: Difficulty) -> MineField {
    MineField(columns: difficulty.columns, rows: difficulty.rows)
  }

  /// Lays `count` mines at random, sparing `safe` and, when there is room, its neighbours, so
  /// the first disclosed cell is never a mine and usually opens an area.
  ///
  /// - Parameters:
  ///   - field: the field to lay the mines on (its mines so far are kept).
  ///   - count: clamped to the number of cells that can hold a mine.
  ///   - generator: the source of randomness; the same generator state gives the same field.
  /// - Precondition: none; an off-field `safe` spares nothing.
  public func layMines(
    on field: MineField,
    count: Int,
    sparing safe: CellPosition,
    using generator: inout some RandomNumberGenerator
  ) -> MineField {
    var field = field
    let spareArea = Set([safe] + field.neighbours(of: safe))
    var candidates = field.positions.filter { !spareArea.contains($0) }
    if candidates.count < count {
      // A crowded field: spare only the clicked cell.
      candidates = field.positions.filter { $0 != safe }
    }
    let mines = max(0, min(count, candidates.count))
    // A partial Fisher–Yates shuffle with our own index draw, so the layout does not depend on
    // the standard library's shuffling algorithm. The modulo bias is negligible for these sizes.
    for index in 0..<mines {
      let remaining = UInt64(candidates.count - index)
      let pick = index + Int(generator.next() % remaining)
      candidates.swapAt(index, pick)
      field.setMine(true, at: candidates[index])
    }
    return field
  }

  /// What disclosing a cell did.
  public enum Disclosure: Hashable, Sendable {
    /// Nothing changed: the cell is off the field, flagged or already disclosed.
    case unchanged
    /// Safe cells were disclosed (one, or a whole area when it had no adjacent mines).
    case disclosed(MineField, count: Int)
    /// The cell held a mine; the returned field shows it disclosed.
    case exploded(MineField)
  }

  /// Discloses the cell at `position`; when it has no adjacent mines, its neighbours are
  /// disclosed too, recursively (flood fill). Flagged cells are never disclosed by the fill.
  ///
  /// - Parameters:
  ///   - position: the cell the player disclosed.
  ///   - field: the field before the move.
  public func disclose(_ position: CellPosition, in field: MineField) -> Disclosure {
    guard field.contains(position), field.cover(at: position) == .hidden else { return .unchanged }
    var field = field
    if field.hasMine(at: position) {
      field.setCover(.disclosed, at: position)
      return .exploded(field)
    }
    // Iterative flood fill: a stack, not recursion, so large empty fields cannot overflow.
    var stack = [position]
    var count = 0
    while let current = stack.popLast() {
      guard field.cover(at: current) == .hidden else { continue }
      field.setCover(.disclosed, at: current)
      count += 1
      if field.adjacentMines(to: current) == 0 {
        stack.append(contentsOf: field.neighbours(of: current).filter { field.cover(at: $0) == .hidden && !field.hasMine(at: $0) })
      }
    }
    return .disclosed(field, count: count)
  }

  /// Puts a flag on a hidden cell or takes it off a flagged one; disclosed cells are unchanged.
  ///
  /// - Parameters:
  ///   - position: the cell to flag or unflag.
  ///   - field: the field before the move.
  public func toggleFlag(at position: CellPosition, in field: MineField) -> MineField {
    var field = field
    switch field.cover(at: position) {
    case .hidden where field.contains(position): field.setCover(.flagged, at: position)
    case .flagged: field.setCover(.hidden, at: position)
    default: break
    }
    return field
  }

  /// Whether the player has won: every safe cell disclosed.
  ///
  /// - Parameter field: the field after the last move.
  public func isCleared(_ field: MineField) -> Bool { field.isCleared }
}
