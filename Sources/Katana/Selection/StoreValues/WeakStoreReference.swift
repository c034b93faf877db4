/// Holds a store without keeping it alive.
final class WeakStoreReference<Store: AnyObject & Sendable>: Sendable {
  weak let store: Store?

  init(_ store: Store) {
    self.store = store
  }
}
