import Katana
import KatanaSupport

/// Remembers the store items dispatched through a ``Dispatcher`` and not yet awaited, so that
/// ``Renderer/settle()`` can wait for them.
///
/// Sendable through its lock: `pending` is only touched inside `lock.withLock`.
final class DispatchTracker: Sendable {
  let lock = LockedValue<[DispatchTask<any Sendable>]>([])

  func track(_ task: DispatchTask<any Sendable>) {
    lock.withLock { $0.append(task) }
  }

  /// Removes and returns every task tracked so far.
  func drain() -> [DispatchTask<any Sendable>] {
    lock.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
  }
}

extension DispatchTracker {
  /// Whether no task is waiting to be awaited.
  var isEmpty: Bool { lock.withLock { $0.isEmpty } }
}
