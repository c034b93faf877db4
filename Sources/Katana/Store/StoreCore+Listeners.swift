extension StoreCore {
  /// Registers a listener; it hears every update applied after this call.
  func addListener(_ listener: @escaping StoreListener<S>) -> StoreUnsubscribe {
    let id = machine.withLock { machine -> UInt64? in
      guard machine.phase != .released else { return nil }
      machine.nextListenerID &+= 1
      machine.listeners.append(
        ListenerEntry(id: machine.nextListenerID, registeredAfter: machine.updateCount, listener: listener))
      return machine.nextListenerID
    }
    guard let id else { return {} }
    return { [weak self] in self?.removeListener(id) }
  }

  func removeListener(_ id: UInt64) {
    // Taken out under the lock, released after it: a listener's captures may run deinit code.
    let removed = machine.withLock { machine -> ListenerEntry<S>? in
      guard let index = machine.listeners.firstIndex(where: { $0.id == id }) else { return nil }
      return machine.listeners.remove(at: index)
    }
    _ = removed
  }
}
