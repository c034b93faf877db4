extension Store {
  /// Registers a listener called with the (old, new) state after every applied updater.
  ///
  /// - Listeners are called after each applied updater, even one that changed nothing; never for
  ///   side effects, failed items or initialisation.
  /// - Calls to one listener never overlap and arrive in update order, even when several threads
  ///   dispatch at once. They run on the thread of one of the dispatchers, outside the store's
  ///   lock, so a listener may dispatch, read the state or add and remove listeners.
  /// - A listener hears every update applied after it was added, and none after it was removed
  ///   (a call already under way finishes).
  /// - Keep listeners quick; hop to your UI's actor yourself if you need to.
  ///
  /// - Returns: a closure that removes the listener; calling it more than once is harmless.
  @discardableResult
  public func addListener(_ listener: @escaping StoreListener<S>) -> StoreUnsubscribe {
    core.addListener(listener)
  }

  /// Registers a type-erased listener; see ``addListener(_:)``.
  @discardableResult
  public func addAnyListener(_ listener: @escaping AnyStoreListener) -> StoreUnsubscribe {
    core.addListener { oldState, newState in listener(oldState, newState) }
  }
}
