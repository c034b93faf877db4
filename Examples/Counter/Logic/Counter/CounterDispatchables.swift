import Katana

/// Everything the app can do with the counter: its public interface.
///
/// Updaters that other modules may dispatch are listed here; implementation details live in the
/// `fileprivate` extension below, so only this file can dispatch them.
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

  /// Sets the counter to a given value.
  struct SetCounter: StateUpdater {
    /// The new value.
    let newValue: Int

    func updateState(_ state: inout CounterState) {
      state.counter = newValue
    }
  }

  /// Asks the number service for a value and shows it.
  ///
  /// Chains a manager call and a dispatch, as the guidelines recommend; fails if the service
  /// fails, leaving the counter unchanged.
  struct FetchRandomNumber: SideEffect {
    func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
      let request = context.getState().fetches
      try await context.dispatch(CountFetch()).value
      let number = try await context.dependencies.numbers.randomNumber(request: request)
      try await context.dispatch(SetCounter(newValue: number)).value
    }
  }

  /// Multiplies two numbers and hands the product back to the dispatcher; it knows nothing of the
  /// app's state, so a library could ship it.
  struct Multiply: ReturningSideEffect {
    let a: Int
    let b: Int

    func sideEffect(_ context: any AnySideEffectContext) async throws -> Int {
      a * b
    }
  }

  /// Doubles the counter and returns the new value.
  ///
  /// Shows a returning side effect with the app's typed context: its return type is inferred.
  struct DoubleCounter: ReturningSideEffect {
    func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws -> Int {
      let doubled = try await context.dispatch(Multiply(a: context.getState().counter, b: 2)).value
      try await context.dispatch(SetCounter(newValue: doubled)).value
      return context.getState().counter
    }
  }

  /// Dispatched by the observer when the store starts: begins from a known value.
  struct StartFromTen: StateUpdater, OnStartObserverDispatchable {
    init() {}

    func updateState(_ state: inout CounterState) {
      state.counter = 10
    }
  }
}

fileprivate extension CounterActions {
  /// Records that a fetch started; an implementation detail of `FetchRandomNumber`.
  struct CountFetch: StateUpdater {
    func updateState(_ state: inout CounterState) {
      state.fetches += 1
    }
  }
}
