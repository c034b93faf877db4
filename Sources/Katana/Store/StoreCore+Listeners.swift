import KatanaSupport

extension StoreCore {
  /// Registers a listener; it hears every update applied after this call.
  func addListener(_ listener: @escaping StoreListener<S>) -> StoreUnsubscribe {
    guard let id = machine.withLockUnlessOwned({ $0.addListener(listener) }) else {
      misuse("addListener was called", hint: "add listeners before dispatching, or from a listener or a side effect")
    }
    guard let id else { return {} }  // released: nothing to hear
    return { [weak self] in self?.removeListener(id) }
  }

  func removeListener(_ id: UInt64) {
    // Taken out under the lock, released after it: a listener's captures may run deinit code.
    guard let removed = machine.withLockUnlessOwned({ $0.removeListener(id) }) else {
      misuse("a listener was removed", hint: "remove listeners from a listener, a side effect or any other code")
    }
    _ = removed
  }
}
