// The README's counter app, written the way the "Testing a Katana app" article shows it; its
// state and updaters come from KatanaTestSupport, which every test target shares.
import Katana
import KatanaTestSupport

/// Asks the number manager for a random number, then shows it.
struct GenerateRandomNumber: SideEffect {
  func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
    let number = try await context.dependencies.numbers.randomNumber()
    try await context.dispatch(SetCounter(newValue: number)).value
  }
}

/// Waits, then increments: the app's clock decides how long "waits" is.
struct IncrementLater: SideEffect {
  let delay: Duration

  func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
    try await context.dependencies.clock.sleep(for: delay)
    try await context.dispatch(IncrementCounter()).value
  }
}

/// Hands back the product, without touching the state.
struct Multiply: ReturningSideEffect {
  let a: Int
  let b: Int

  func sideEffect(_ context: any AnySideEffectContext) async throws -> Int {
    a * b
  }
}

/// Where random numbers come from: the network in the app, a fixed list in tests.
protocol NumberManager: Sendable {
  func randomNumber() async throws -> Int
}

struct SystemNumberManager: NumberManager {
  func randomNumber() async throws -> Int { Int.random(in: 1...100) }
}

final class AppDependencies: SideEffectDependencyContainer {
  let numbers: any NumberManager
  let clock: any Clock<Duration>

  /// The container with the given managers; tests pass fakes.
  init(numbers: any NumberManager, clock: any Clock<Duration>) {
    self.numbers = numbers
    self.clock = clock
  }

  /// The app's container, with the real managers: the store builds this one by default.
  convenience init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    self.init(numbers: SystemNumberManager(), clock: ContinuousClock())
  }
}
