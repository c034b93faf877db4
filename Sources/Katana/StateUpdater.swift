/// An intent to change the state, and everything needed to do it.
///
/// The store applies updaters one at a time, in the order they were dispatched, so
/// ``updateState(_:)`` always sees the result of every earlier updater. Keep it pure and fast: it
/// runs while the store holds its lock, it must not dispatch (the store reports that misuse as
/// ``KatanaError/dispatchFromStateUpdater(_:)``) and it must not read the store's `state`.
///
/// ```swift
/// struct IncrementCounter: StateUpdater {
///   func updateState(_ state: inout CounterState) {
///     state.counter += 1
///   }
/// }
/// ```
public protocol StateUpdater: Dispatchable {
  /// The state this updater changes; a store only accepts updaters of its own state type.
  associatedtype StateType: State

  /// Changes `state` in place.
  ///
  /// - Parameter state: the current state; mutate it to produce the next one.
  func updateState(_ state: inout StateType)
}
