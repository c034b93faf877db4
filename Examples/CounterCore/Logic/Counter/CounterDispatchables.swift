public import Katana

/// Everything the app can do with the counter: its public interface.
///
/// Updaters that other modules may dispatch are listed here; implementation details live in the
/// `fileprivate` extension below, so only this file can dispatch them.
public enum CounterActions {
  /// Adds one to the counter.
  public struct Increment: StateUpdater, Codable {
    public init() {}

    public func updateState(_ state: inout CounterState) {
      state.counter += 1
    }
  }

  /// Subtracts one from the counter (it may go below zero).
  public struct Decrement: StateUpdater, Codable {
    public init() {}

    public func updateState(_ state: inout CounterState) {
      state.counter -= 1
    }
  }

  /// Sets the counter to a given value.
  public struct SetCounter: StateUpdater, Equatable, Codable {
    /// The new value.
    public let newValue: Int

    public init(newValue: Int) {
      self.newValue = newValue
    }

    public func updateState(_ state: inout CounterState) {
      state.counter = newValue
    }
  }

  /// Asks the number service for a value and shows it.
  ///
  /// Chains a manager call and a dispatch, as the guidelines recommend; fails if the service
  /// fails, leaving the counter unchanged.
  public struct FetchRandomNumber: SideEffect {
    public init() {}

    public func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws {
      let request = context.getState().fetches
      try await context.dispatch(CountFetch()).value
      let number = try await context.dependencies.numbers.randomNumber(request: request)
      try await context.dispatch(SetCounter(newValue: number)).value
    }
  }

  /// Multiplies two numbers and hands the product back to the dispatcher; it knows nothing of the
  /// app's state, so a library could ship it.
  public struct Multiply: ReturningSideEffect {
    /// The first factor.
    public let a: Int
    /// The second factor.
    public let b: Int

    public init(a: Int, b: Int) {
      self.a = a
      self.b = b
    }

    public func sideEffect(_ context: any AnySideEffectContext) async throws -> Int {
      a * b
    }
  }

  /// Doubles the counter and returns the new value.
  ///
  /// Shows a returning side effect with the app's typed context: its return type is inferred.
  public struct DoubleCounter: ReturningSideEffect {
    public init() {}

    public func sideEffect(_ context: SideEffectContext<CounterState, AppDependencies>) async throws -> Int {
      // katana-guidelines:ignore simple-side-effects -- the example shows awaiting a returning side effect's value
      let doubled = try await context.dispatch(Multiply(a: context.getState().counter, b: 2)).value
      try await context.dispatch(SetCounter(newValue: doubled)).value
      return context.getState().counter
    }
  }

  /// Dispatched by the observer when the store starts: begins from a known value.
  public struct StartFromTen: StateUpdater, OnStartObserverDispatchable, Codable {
    public init() {}

    public func updateState(_ state: inout CounterState) {
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
