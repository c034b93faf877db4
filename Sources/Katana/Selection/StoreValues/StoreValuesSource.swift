/// What a ``StoreValues`` needs from its store, with the store's type erased and held weakly.
final class StoreValuesSource<Value: Sendable>: Sendable {
  /// Adds a listener that receives the new state's selection after each update, and returns the
  /// selection it starts from; `nil` if the store is gone. The store owns `deliver` until the
  /// listener is removed or the store released.
  let subscribe: @Sendable (_ deliver: @escaping @Sendable (Value) -> Void) -> (StoreUnsubscribe, Value)?
  /// Calls its argument once the store is ready (or released); see ``AnyStore/whenReady(_:)``.
  let whenReady: @Sendable (_ body: @escaping @Sendable () -> Void) -> Void
  /// Whether two values are the same (so the second one is skipped).
  let isSame: @Sendable (Value, Value) -> Bool

  init<Store: PartialStore>(store: Store, select: @escaping @Sendable (Store.StateType) -> Value)
  where Value: Equatable {
    let reference = WeakStoreReference(store)
    subscribe = { deliver in
      guard let store = reference.store else { return nil }
      let listener: StoreListener<Store.StateType> = { _, newState in deliver(select(newState)) }
      if let snapshotting = store as? any SnapshotSubscribing<Store.StateType> {
        return snapshotting.addListenerReadingState(listener).map { ($0.unsubscribe, select($0.state)) }
      }
      // Another kind of store: add, then read. An update applied in between may reach the
      // listener after the read; the values then go back briefly and end on the last state.
      let unsubscribe = store.addListener(listener)
      return (unsubscribe, select(store.state))
    }
    whenReady = { body in
      guard let store = reference.store else { return body() }
      store.whenReady(body)
    }
    isSame = { $0 == $1 }
  }
}
