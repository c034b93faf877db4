// The child's app, in its own file so that the kill test reads the recording with the same
// types (`@testable import KatanaDevToolsFlightChild`): a recording names its state type.
import Katana

/// 1, 2, 3, … appended one per updater.
struct CountingState: State, Codable, Equatable {
  var values: [Int] = []
}

/// Appends the next value.
struct AppendNext: StateUpdater, Codable {
  var value: Int
  func updateState(_ state: inout CountingState) { state.values.append(value) }
}

/// A side effect that changes nothing, so the recording holds lines that cannot be replayed.
struct Checkpoint: SideEffect {
  func sideEffect(_ context: SideEffectContext<CountingState, EmptySideEffectDependencyContainer>) async throws {}
}
