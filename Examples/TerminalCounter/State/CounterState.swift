import Katana

/// The app state: one counter.
struct CounterState: State, Equatable {
  /// The current count; changed only by ``CounterActions``.
  fileprivate(set) var counter = 0
}

/// The counter's public interface: the two things a user can do.
enum CounterActions {
  /// Adds one to the counter.
  struct Increment: StateUpdater {
    func updateState(_ state: inout CounterState) {
      state.counter += 1
    }
  }

  /// Subtracts one from the counter (it may go below zero).
  struct Decrement: StateUpdater {
    func updateState(_ state: inout CounterState) {
      state.counter -= 1
    }
  }
}
