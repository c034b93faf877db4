/// The link from a store's listener to a ``StoreValuesStorage``: weak, so the store does not keep
/// the iterator's storage alive, and a sentinel: the store drops its listeners when it is
/// released, and this then ends the sequence.
final class StoreValuesSubscription<Value: Sendable>: Sendable {
  weak let storage: StoreValuesStorage<Value>?

  init(storage: StoreValuesStorage<Value>) {
    self.storage = storage
  }

  deinit {
    // The listener was dropped: removed by the storage itself (finished already, or being
    // released), or dropped by a store being released.
    storage?.finish()
  }
}
