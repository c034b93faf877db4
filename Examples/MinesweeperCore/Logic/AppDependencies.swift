public import Katana

/// The app's dependency container: the managers and the random source side effects use.
public final class AppDependencies: SideEffectDependencyContainer {
  /// The rules of the game.
  public let mineFieldManager = MineFieldManager()
  /// Seeds for new games. Reseed it (the app's `--seed` option) to make games reproducible.
  public let randomSource = RandomSource()

  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {}
}
