import Testing

@testable import MinesweeperCore

/// Builds a field from a picture: `*` is a mine, anything else is safe.
func field(_ rows: [String]) -> MineField {
  var field = MineField(columns: rows[0].count, rows: rows.count)
  for (row, line) in rows.enumerated() {
    for (column, character) in line.enumerated() where character == "*" {
      field.setMine(true, at: CellPosition(column: column, row: row))
    }
  }
  return field
}

@Suite("Mine field manager")
struct MineFieldManagerTests {
  let manager = MineFieldManager()

  @Test("the presets are 9x9/10, 16x16/40 and 30x16/99")
  func presets() {
    #expect(Difficulty.allCases.map { [$0.columns, $0.rows, $0.mines] } == [[9, 9, 10], [16, 16, 40], [30, 16, 99]])
    #expect(Difficulty.expert.next == .beginner)
  }

  @Test("laying mines puts exactly the preset's count, never on or around the first cell")
  func layMinesSparesFirstCell() {
    for difficulty in Difficulty.allCases {
      for seed: UInt64 in 0..<20 {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let safe = CellPosition(column: 3, row: 4)
        let field = manager.layMines(on: manager.emptyField(for: difficulty), count: difficulty.mines, sparing: safe, using: &generator)
        #expect(field.mineCount == difficulty.mines)
        #expect(!field.hasMine(at: safe))
        #expect(field.adjacentMines(to: safe) == 0)
      }
    }
  }

  @Test("the same seed lays the same mines; another seed lays others")
  func deterministicLayout() {
    func layout(_ seed: UInt64) -> MineField {
      var generator = SeededRandomNumberGenerator(seed: seed)
      return manager.layMines(on: manager.emptyField(for: .intermediate), count: 40, sparing: CellPosition(column: 0, row: 0), using: &generator)
    }
    #expect(layout(42) == layout(42))
    #expect(layout(42) != layout(43))
  }

  @Test("a crowded field still spares the first cell, and counts are clamped")
  func crowdedField() {
    var generator = SeededRandomNumberGenerator(seed: 1)
    let empty = MineField(columns: 3, rows: 3)
    let full = manager.layMines(on: empty, count: 100, sparing: CellPosition(column: 1, row: 1), using: &generator)
    #expect(full.mineCount == 8)
    #expect(!full.hasMine(at: CellPosition(column: 1, row: 1)))
  }

  @Test("disclosing a numbered cell uncovers only that cell")
  func discloseNumber() {
    let mines = field(["*..", "...", "..."])
    guard case .disclosed(let result, let count) = manager.disclose(CellPosition(column: 1, row: 1), in: mines) else {
      Issue.record("expected a safe disclosure")
      return
    }
    #expect(count == 1)
    #expect(result.cover(at: CellPosition(column: 1, row: 1)) == .disclosed)
    #expect(result.cover(at: CellPosition(column: 2, row: 2)) == .hidden)
  }

  @Test("disclosing an empty cell flood-fills up to the numbered border, sparing flags")
  func floodFill() {
    var mines = field([
      "....*",
      ".....",
      ".....",
      "*....",
    ])
    mines = manager.toggleFlag(at: CellPosition(column: 0, row: 1), in: mines)
    guard case .disclosed(let result, let count) = manager.disclose(CellPosition(column: 2, row: 1), in: mines) else {
      Issue.record("expected a safe disclosure")
      return
    }
    // Everything but the two mines, the flag and the mine-adjacent cell under the flag's corner
    // that the fill reaches only through numbered cells.
    let hidden = result.positions.filter { result.cover(at: $0) != .disclosed }
    #expect(Set(hidden) == [
      CellPosition(column: 4, row: 0), CellPosition(column: 0, row: 3), CellPosition(column: 0, row: 1),
    ])
    #expect(count == 17)
    #expect(result.cover(at: CellPosition(column: 0, row: 1)) == .flagged)
  }

  @Test("disclosing a mine explodes; flagged, disclosed and off-field cells are unchanged")
  func explodeAndIgnored() {
    let mines = field(["*.", ".."])
    guard case .exploded(let result) = manager.disclose(CellPosition(column: 0, row: 0), in: mines) else {
      Issue.record("expected an explosion")
      return
    }
    #expect(result.cover(at: CellPosition(column: 0, row: 0)) == .disclosed)
    let flagged = manager.toggleFlag(at: CellPosition(column: 0, row: 0), in: mines)
    #expect(manager.disclose(CellPosition(column: 0, row: 0), in: flagged) == .unchanged)
    #expect(manager.disclose(CellPosition(column: 5, row: -1), in: mines) == .unchanged)
  }

  @Test("flags toggle on hidden cells only")
  func flags() {
    let mines = field(["*.", ".."])
    let flagged = manager.toggleFlag(at: CellPosition(column: 1, row: 1), in: mines)
    #expect(flagged.flagCount == 1)
    #expect(manager.toggleFlag(at: CellPosition(column: 1, row: 1), in: flagged).flagCount == 0)
    guard case .disclosed(let opened, _) = manager.disclose(CellPosition(column: 1, row: 0), in: mines) else {
      Issue.record("expected a safe disclosure")
      return
    }
    #expect(manager.toggleFlag(at: CellPosition(column: 1, row: 0), in: opened) == opened)
    #expect(manager.toggleFlag(at: CellPosition(column: 9, row: 9), in: mines) == mines)
  }
}
