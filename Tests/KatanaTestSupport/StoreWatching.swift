package import Katana

extension PartialStore {
  /// The store's state, kept current by a listener: a test waits on it for a state that updates
  /// dispatched without a handle (observer reactions, fire-and-forget dispatches) reach. Each
  /// applied update is the event that re-checks the wait.
  ///
  /// Call it before dispatching what the test waits for; the listener lives as long as the store.
  package func watchState() -> Watched<StateType> {
    let watched = Watched(state)
    addListener { _, new in watched.update { $0 = new } }
    return watched
  }
}

extension AnyStore {
  /// A flag that turns `true` when the store drops its listeners, which it does as it is
  /// released: the event a test waits for instead of polling a weak reference.
  package func watchRelease() -> Watched<Bool> {
    let released = Watched(false)
    let probe = ReleaseProbe { released.update { $0 = true } }
    addAnyListener { _, _ in withExtendedLifetime(probe) {} }
    return released
  }
}

/// Calls its closure when released; held only by a store's listener.
private final class ReleaseProbe: Sendable {
  let onRelease: @Sendable () -> Void

  init(_ onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }

  deinit { onRelease() }
}
