import Katana

/// The app's managers, built once by the store and handed to every side effect.
///
/// Tests build their own container with fake managers; nothing here is a singleton.
final class AppDependencies: SideEffectDependencyContainer {
  /// Produces the numbers the "fetch" side effect sets.
  let numbers: NumberManager

  init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    numbers = NumberManager(seed: 42, latency: .milliseconds(30), clock: ContinuousClock())
  }
}
