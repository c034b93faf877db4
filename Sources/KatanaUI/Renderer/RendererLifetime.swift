import Katana
import KatanaSupport

/// What a ``Renderer`` must release when it goes: the store subscriptions of its connected nodes
/// and the tasks of the transitions still waiting for their last step.
///
/// Kept outside the renderer so that its `deinit` can run on any thread: the renderer itself is
/// main-actor isolated and has no `deinit`. Sendable through its lock: `contents` is only touched
/// inside `withLock`.
final class RendererLifetime: Sendable {
  private struct Contents: Sendable {
    /// The selection listener of each mounted connected node.
    var subscriptions: [NodeID: StoreUnsubscribe] = [:]
    var transitions: [Int: Task<Void, Never>] = [:]
  }

  private let contents = LockedValue(Contents())

  /// Keeps `unsubscribe` as the store subscription of `node`, and removes the one it replaces.
  func setSubscription(_ unsubscribe: @escaping StoreUnsubscribe, for node: NodeID) {
    let replaced = contents.withLock { $0.subscriptions.updateValue(unsubscribe, forKey: node) }
    replaced?()
  }

  /// Removes the store subscription of `node`, if any.
  func removeSubscription(for node: NodeID) {
    let removed = contents.withLock { $0.subscriptions.removeValue(forKey: node) }
    removed?()
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
    for unsubscribe in contents.subscriptions.values { unsubscribe() }
    for task in contents.transitions.values { task.cancel() }
  }
}
