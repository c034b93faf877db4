import Katana
import KatanaSupport

/// Ties a store listener to the observed object that owns it: when the object (and so this) is
/// released, the listener is removed. A listener registered after the release is removed at once.
///
/// Held by a main-actor object, whose own `deinit` must stay nonisolated (an isolated `deinit`
/// needs a newer runtime on Apple platforms); this box can be released on any thread.
final class SubscriptionLifetime: Sendable {
  private let state = LockedValue(Subscription.none)

  private enum Subscription: Sendable {
    case none
    case listening(StoreUnsubscribe)
    case ended
  }

  init() {}

  /// Keeps `unsubscribe` until the owner is released.
  func own(_ unsubscribe: @escaping StoreUnsubscribe) {
    let ended = state.withLock { state -> Bool in
      guard case .ended = state else {
        state = .listening(unsubscribe)
        return false
      }
      return true
    }
    if ended { unsubscribe() }
  }

  deinit {
    // Taken out under the lock, called after it: removing a listener takes the store's lock.
    let subscription = state.withLock { state -> Subscription in
      defer { state = .ended }
      return state
    }
    if case .listening(let unsubscribe) = subscription { unsubscribe() }
  }
}
