/// Applies an updater whose state type the caller has checked to be `S` (an updater the store
/// knows only as `any StateUpdater`: from `anyDispatch`, or made by an interceptor).
///
/// The trick: `T.StateType` and `S` are one type, so the state's memory is viewed as the other
/// (`withMemoryRebound`), an identity, and mutated in place. What it buys: the portable form
/// (``applyUpdaterPortably(_:to:)``) casts the state out and back, two dynamic casts and a copy;
/// that copy shares the state's buffers, so the updater's first write to an array or a
/// dictionary in it copies that buffer whole, on every such update. Not on the typed hot path
/// (a typed `dispatch` knows `T.StateType == S` at compile time).
///
/// The tests check both forms give the same state (ApplyUpdaterTests), on Linux too.
@inlinable
func applyUpdater<T: StateUpdater, S: State>(_ updater: T, to state: inout S) {
  precondition(T.StateType.self == S.self, "applyUpdater called with mismatched state types")
  withUnsafeMutablePointer(to: &state) { pointer in
    pointer.withMemoryRebound(to: T.StateType.self, capacity: 1) { updater.updateState(&$0.pointee) }
  }
}

/// ``applyUpdater(_:to:)`` without the trick: the state cast out, updated, and cast back.
@inlinable
func applyUpdaterPortably<T: StateUpdater, S: State>(_ updater: T, to state: inout S) {
  guard var typed = state as? T.StateType else {
    preconditionFailure("applyUpdaterPortably called with mismatched state types")
  }
  updater.updateState(&typed)
  guard let back = typed as? S else { preconditionFailure("applyUpdaterPortably: the state did not cast back") }
  state = back
}
