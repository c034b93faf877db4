import Katana
import KatanaSupport

/// The side effects each control's events dispatched and that have not settled yet, so the
/// renderer can show the control busy while they run (``Accessibility/isBusy``, which a browser
/// shows as `aria-busy`).
///
/// The ``Dispatcher`` adds an item when it is dispatched while the renderer handles an event of
/// the control (see ``EventOrigin``); the item removes itself when it settles. Each time a
/// control's count goes from 0 to 1 or back, the control is noted and the renderer is told once
/// per burst, on the main actor, like ``StoreInbox``.
///
/// One per renderer. Sendable through its lock: `contents` is only touched inside `withLock`.
final class BusyWork: Sendable {
  private struct Contents: Sendable {
    /// Unsettled items per control; a control with none has no entry.
    var pending: [NodeID: Int] = [:]
    /// Controls whose busy state may have changed since the renderer last took them.
    var changed: Set<NodeID> = []
    var isScheduled = false
  }

  private let contents = LockedValue(Contents())

  /// Counts `task` as work of `node` until it settles (at once when it already has).
  ///
  /// - Parameter notify: called, on any thread, when changes wait for the renderer and none were
  ///   waiting before; it must make the renderer ``take()`` them on the main actor.
  func add(_ task: DispatchTask<any Sendable>, for node: NodeID, notify: @escaping @Sendable () -> Void) {
    let mustNotify = contents.withLock { contents in
      contents.pending[node, default: 0] += 1
      let started = contents.pending[node] == 1
      return Self.note(node, changedIn: &contents, when: started)
    }
    if mustNotify { notify() }
    task.whenSettled { [self] in
      let mustNotify = contents.withLock { contents in
        let left = (contents.pending[node] ?? 1) - 1
        contents.pending[node] = left > 0 ? left : nil
        return Self.note(node, changedIn: &contents, when: left == 0)
      }
      if mustNotify { notify() }
    }
  }

  /// Notes `node` when `condition` holds; `true` when the renderer must be told.
  private static func note(_ node: NodeID, changedIn contents: inout Contents, when condition: Bool) -> Bool {
    guard condition else { return false }
    contents.changed.insert(node)
    defer { contents.isScheduled = true }
    return !contents.isScheduled
  }

  /// Takes the controls noted since the last call, each with whether it is busy now.
  func take() -> [(node: NodeID, isBusy: Bool)] {
    contents.withLock { contents in
      defer {
        contents.changed = []
        contents.isScheduled = false
      }
      return contents.changed.map { ($0, contents.pending[$0] != nil) }
    }
  }

  /// Whether changes wait for the renderer.
  var hasPending: Bool { contents.withLock { $0.isScheduled } }
}
