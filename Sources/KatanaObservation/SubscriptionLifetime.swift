import Katana
import KatanaSupport

/// Ends an observed object's subscription when the object goes.
///
/// Held by a main-actor object, whose own `deinit` must stay nonisolated (an isolated `deinit`
/// needs a newer runtime on Apple platforms); this box can be released on any thread and cancels
/// the task that iterates the store's values, which removes the store listener at once.
final class SubscriptionLifetime: Sendable {
  private let task = LockedValue<Task<Void, Never>?>(nil)

  init() {}

  /// Hands over the task to cancel when this box is released.
  func own(_ task: Task<Void, Never>) {
    self.task.withLock { $0 = task }
  }

  deinit {
    task.withLock { $0 }?.cancel()
  }
}
