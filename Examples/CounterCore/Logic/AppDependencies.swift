public import Katana

/// The app's managers, built once by the store and handed to every side effect.
///
/// Tests build their own container with fake managers; nothing here is a singleton.
public final class AppDependencies: SideEffectDependencyContainer {
  /// Produces the numbers the "fetch" side effect sets.
  public let numbers: NumberManager

  /// The app's container: numbers from seed 42, each after 30 ms of real time.
  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    numbers = NumberManager(seed: 42, latency: .milliseconds(30), clock: ContinuousClock())
  }

  /// A container with the given number manager (tests pass one on a manual clock).
  public init(numbers: NumberManager) {
    self.numbers = numbers
  }
}
