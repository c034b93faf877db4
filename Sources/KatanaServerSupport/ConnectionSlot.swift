import KatanaSupport

/// One reserved WebSocket connection of a server with a connection cap; released once, when its
/// WebSocket ends (or its upgrade fails).
///
/// Threading: any thread; ``release()`` may race with itself and runs its action once.
package final class ConnectionSlot: Sendable {
  private let onRelease: @Sendable () -> Void
  /// Whether the slot was released, and who waits for it.
  private let state = LockedValue<(released: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  /// - Parameter onRelease: run once, on the first ``release()`` (the server's open-connection
  ///   count goes down there).
  package init(onRelease: @escaping @Sendable () -> Void) {
    self.onRelease = onRelease
  }

  /// Frees the slot; later calls do nothing.
  package func release() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
      guard !state.released else { return nil }
      state.released = true
      defer { state.waiters = [] }
      return state.waiters
    }
    guard let waiters else { return }
    onRelease()
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once the connection has ended and released its slot.
  package func waitUntilReleased() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        if state.released { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
