/// What a ``StoreValues`` needs from its store, with the store's type erased and held weakly.
final class StoreValuesSource<Value: Sendable>: Sendable {
  /// The current selection; `nil` once the store is gone.
  let currentValue: @Sendable () -> Value?
  /// Adds a listener that receives the new state's selection after each update; `nil` if the
  /// store is gone. The store owns `deliver` until the listener is removed or the store released.
  let subscribe: @Sendable (_ deliver: @escaping @Sendable (Value) -> Void) -> StoreUnsubscribe?
  /// Calls its argument once the store is ready (or released); see ``AnyStore/whenReady(_:)``.
  let whenReady: @Sendable (_ body: @escaping @Sendable () -> Void) -> Void
  /// Whether two values are the same (so the second one is skipped).
  let isSame: @Sendable (Value, Value) -> Bool

  init<Store: PartialStore>(store: Store, select: @escaping @Sendable (Store.StateType) -> Value)
  where Value: Equatable {
    let reference = WeakStoreReference(store)
    currentValue = { reference.store.map { select($0.state) } }
    subscribe = { deliver in
      reference.store?.addListener { _, newState in deliver(select(newState)) }
    }
    whenReady = { body in
      guard let store = reference.store else { return body() }
      store.whenReady(body)
    }
    isSame = { $0 == $1 }
  }
}

/// Holds a store without keeping it alive.
final class WeakStoreReference<Store: AnyObject & Sendable>: Sendable {
  weak let store: Store?

  init(_ store: Store) {
    self.store = store
  }
}
