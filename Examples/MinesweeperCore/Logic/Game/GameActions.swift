public import Katana
import KatanaUI

/// Everything that changes the game: the module's public interface.
///
/// - ``StartGame``: a new game (a preset, or the current one again).
/// - ``Play``: a new game, shown on the board (from the start or the result screen).
/// - ``DiscloseCell``: uncover a cell, with flood fill; lays the mines on the first move.
/// - ``ToggleFlag``: flag or unflag a hidden cell.
///
/// Moves on a finished game, on flagged or disclosed cells, and off the field are ignored: they
/// are things a user can do, not programming errors.
public enum GameActions {
  /// Starts a new game with a fresh seed from the dependency container's ``RandomSource``.
  ///
  /// - Parameter difficulty: the preset; nil keeps the current game's (the restart button).
  public struct StartGame: SideEffect {
    public var difficulty: Difficulty?

    public init(difficulty: Difficulty? = nil) {
      self.difficulty = difficulty
    }

    public func sideEffect(_ context: SideEffectContext<MinesweeperState, AppDependencies>) async throws {
      let difficulty = difficulty ?? context.getState().game.difficulty
      let seed = context.dependencies.randomSource.nextSeed()
      try await context.dispatch(SetUpGame(difficulty: difficulty, seed: seed)).value
    }
  }

  /// Discloses the cell at `position`.
  ///
  /// On the first move of a game the mines are laid first, from the game's seed, sparing this
  /// cell and its neighbours (first-click safety). Disclosing a mine loses the game and
  /// disclosing the last safe cell wins it; either replaces the board's route with
  /// ``MinesweeperRoute/result``.
  public struct DiscloseCell: StateUpdater {
    public var position: CellPosition
    /// The rules; injectable for tests.
    public var manager: MineFieldManager

    public init(_ position: CellPosition, manager: MineFieldManager = MineFieldManager()) {
      self.position = position
      self.manager = manager
    }

    public func updateState(_ state: inout MinesweeperState) {
      var game = state.game
      guard game.status.acceptsMoves, game.field.contains(position),
        game.field.cover(at: position) == .hidden
      else { return }
      if game.status == .ready {
        var generator = SeededRandomNumberGenerator(seed: game.seed)
        game.field = manager.layMines(on: game.field, count: game.difficulty.mines, sparing: position, using: &generator)
        game.status = .playing
      }
      switch manager.disclose(position, in: game.field) {
      case .unchanged:
        return
      case .exploded(let field):
        game.field = field
        game.status = .lost(exploded: position)
      case .disclosed(let field, _):
        game.field = field
        if manager.isCleared(field) { game.status = .won }
      }
      state.game = game
      // The end of the game shows the result in place of the board's route.
      if !game.status.acceptsMoves, state.routes.top == .game { state.routes.replaceTop(with: .result) }
    }
  }

  /// Flags a hidden cell, or unflags a flagged one. Flags protect cells from disclosure.
  public struct ToggleFlag: StateUpdater {
    /// The cell to flag or unflag.
    public var position: CellPosition
    /// The rules; injectable for tests.
    public var manager: MineFieldManager

    public init(_ position: CellPosition, manager: MineFieldManager = MineFieldManager()) {
      self.position = position
      self.manager = manager
    }

    public func updateState(_ state: inout MinesweeperState) {
      guard state.game.status.acceptsMoves else { return }
      state.game.field = manager.toggleFlag(at: position, in: state.game.field)
    }
  }
}

extension GameActions {
  /// Starts a new game (see ``StartGame``) and shows its board, closing the result screen.
  public struct Play: SideEffect {
    /// The preset; nil keeps the current game's.
    public var difficulty: Difficulty?

    public init(difficulty: Difficulty? = nil) {
      self.difficulty = difficulty
    }

    public func sideEffect(_ context: SideEffectContext<MinesweeperState, AppDependencies>) async throws {
      // What StartGame does, dispatched from here: a side effect does not dispatch another.
      let difficulty = difficulty ?? context.getState().game.difficulty
      let seed = context.dependencies.randomSource.nextSeed()
      try await context.dispatch(SetUpGame(difficulty: difficulty, seed: seed)).value
      try await context.dispatch(Navigation.Open<MinesweeperState>(MinesweeperRoute.playing)).value
    }
  }
}

extension GameActions {
  /// Replaces the game with a fresh one; an implementation detail of ``StartGame`` and ``Play``.
  fileprivate struct SetUpGame: StateUpdater {
    var difficulty: Difficulty
    var seed: UInt64

    func updateState(_ state: inout MinesweeperState) {
      state.game = Game(difficulty: difficulty, seed: seed)
      // A new game from the result (its restart and level keys) is played on the board again.
      if state.routes.top == .result { state.routes.replaceTop(with: .game) }
    }
  }
}
