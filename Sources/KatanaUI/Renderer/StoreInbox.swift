import Katana
import KatanaSupport

/// Hands store states from the store's listener thread to the main actor, coalescing bursts:
/// however many updates arrive before the main actor runs, it sees only the newest state once.
final class StoreInbox: Sendable {
  private struct Contents: Sendable {
    var latest: (any KatanaState)?
    var isScheduled = false
  }

  private let contents = LockedValue(Contents())

  /// Stores `state`; returns `true` when the caller must schedule a delivery on the main actor.
  func post(_ state: any KatanaState) -> Bool {
    contents.withLock { contents in
      contents.latest = state
      defer { contents.isScheduled = true }
      return !contents.isScheduled
    }
  }

  /// Takes the newest state, if any.
  func take() -> (any KatanaState)? {
    contents.withLock { contents in
      defer {
        contents.latest = nil
        contents.isScheduled = false
      }
      return contents.latest
    }
  }

  /// Whether a state is waiting for the main actor.
  var hasPending: Bool { contents.withLock { $0.isScheduled } }
}
