import KatanaSupport

/// A store that can add a listener and read the state it starts from in one step.
///
/// With two steps (add, then read) an update applied in between may be read in the state and
/// still be on its way to the listener, which would then hand a consumer an older value after a
/// newer one. One step makes the read state exactly the `oldState` of the first update the
/// listener hears.
protocol SnapshotSubscribing<StateType>: AnyObject {
  associatedtype StateType: State

  /// Adds `listener` and returns the state it starts from; `nil` if the store is released.
  func addListenerReadingState(_ listener: @escaping StoreListener<StateType>)
    -> (unsubscribe: StoreUnsubscribe, state: StateType)?
}

extension Store: SnapshotSubscribing {
  func addListenerReadingState(_ listener: @escaping StoreListener<S>) -> (unsubscribe: StoreUnsubscribe, state: S)? {
    // The machine's own registration transition, plus the read, under one lock.
    guard
      let registered = core.machine.withLockUnlessOwned({ machine -> (UInt64, S)? in
        machine.addListener(listener).map { ($0, machine.state) }
      })
    else {
      core.misuse("values(of:) subscribed", hint: "iterate a store's values from a task, not from a state updater")
    }
    guard let (id, state) = registered else { return nil }
    return ({ [weak core] in core?.removeListener(id) }, state)
  }
}
