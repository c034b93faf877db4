import Katana
import KatanaSupport

/// What a ``Renderer`` must release when it goes: its store subscription and the tasks of the
/// transitions still waiting for their last step.
///
/// Kept outside the renderer so that its `deinit` can run on any thread: the renderer itself is
/// main-actor isolated and has no `deinit`. Sendable through its lock: `contents` is only touched
/// inside `withLock`.
final class RendererLifetime: Sendable {
  private struct Contents: Sendable {
    var unsubscribe: StoreUnsubscribe?
    var transitions: [Int: Task<Void, Never>] = [:]
  }

  private let contents = LockedValue(Contents())

  func setUnsubscribe(_ unsubscribe: @escaping StoreUnsubscribe) {
    contents.withLock { $0.unsubscribe = unsubscribe }
  }

  func add(_ task: Task<Void, Never>, id: Int) {
    contents.withLock { $0.transitions[id] = task }
  }

  func removeTransition(id: Int) {
    contents.withLock { $0.transitions[id] = nil }
  }

  /// Any transition task still pending, to await it.
  func anyTransition() -> (id: Int, task: Task<Void, Never>)? {
    contents.withLock { $0.transitions.first.map { ($0.key, $0.value) } }
  }

  deinit {
    let contents = contents.withLock { $0 }
    contents.unsubscribe?()
    for task in contents.transitions.values { task.cancel() }
  }
}
