import KatanaSupport

/// Hands the connected nodes whose selected props changed from the store's listener thread to
/// the main actor, coalescing bursts: however many updates arrive before the main actor runs, it
/// is scheduled once and sees each node once.
final class StoreInbox: Sendable {
  private struct Contents: Sendable {
    var changed: Set<NodeID> = []
    var isScheduled = false
  }

  private let contents = LockedValue(Contents())

  /// Notes that `node`'s connected props changed; returns `true` when the caller must schedule a
  /// delivery on the main actor.
  func post(_ node: NodeID) -> Bool {
    contents.withLock { contents in
      contents.changed.insert(node)
      defer { contents.isScheduled = true }
      return !contents.isScheduled
    }
  }

  /// Takes the nodes noted since the last call.
  func take() -> Set<NodeID> {
    contents.withLock { contents in
      defer {
        contents.changed = []
        contents.isScheduled = false
      }
      return contents.changed
    }
  }

  /// Whether changes are waiting for the main actor.
  var hasPending: Bool { contents.withLock { $0.isScheduled } }
}
