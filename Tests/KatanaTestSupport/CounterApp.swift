// The README's counter app, shared by every test target that needs a small app to drive.
import Katana

/// The counter app's state.
package struct CounterState: State, Equatable {
  package var counter: Int

  package init() { counter = 0 }

  package init(counter: Int) { self.counter = counter }
}

/// Adds one to the counter.
package struct IncrementCounter: StateUpdater {
  package init() {}

  package func updateState(_ state: inout CounterState) {
    state.counter += 1
  }
}

/// Takes one from the counter.
package struct DecrementCounter: StateUpdater {
  package init() {}

  package func updateState(_ state: inout CounterState) {
    state.counter -= 1
  }
}

/// Sets the counter to a value, as a manager's answer would.
package struct SetCounter: StateUpdater, Equatable {
  package let newValue: Int

  package init(newValue: Int) { self.newValue = newValue }

  package func updateState(_ state: inout CounterState) {
    state.counter = newValue
  }
}
