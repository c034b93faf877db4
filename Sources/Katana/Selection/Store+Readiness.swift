/// A store that can wait for readiness without the wait keeping the store alive.
///
/// ``AnyStore/waitUntilReady()`` holds the store for as long as it waits. A subscription that must
/// not keep its store alive (``StoreValues``, a UI renderer) waits through this instead.
protocol ReadinessWaiting: AnyObject {
  /// Suspends until the store is ready or released, holding only the store's engine.
  var readinessWait: @Sendable () async -> Void { get }
}

extension Store: ReadinessWaiting {
  var readinessWait: @Sendable () async -> Void {
    // The core, not the store: releasing the store releases the core's waiters too.
    { [core] in await core.waitUntilReady() }
  }
}

extension AnyStore {
  /// Calls `body` once the store is ready, or once it is released before getting ready.
  ///
  /// If the store is ready already, `body` runs at once, on the calling thread, before this
  /// returns; otherwise it runs later from a task. For a ``Store`` the wait does not keep the
  /// store alive; another conforming type is held until it is ready (its ``waitUntilReady()``
  /// holds it).
  package func whenReady(_ body: @escaping @Sendable () -> Void) {
    if isReady {
      body()
      return
    }
    if let waiting = self as? any ReadinessWaiting {
      let wait = waiting.readinessWait
      Task {
        await wait()
        body()
      }
    } else {
      Task { [self] in
        await self.waitUntilReady()
        body()
      }
    }
  }
}
