import Dispatch

/// A dispatcher parked until the interceptor chain's backlog has drained enough to queue more.
///
/// Only a thread other than the chain's own ever waits, and only while more than
/// `StoreMachine.backlogLimit` updaters are queued: the chain's thread keeps running them and
/// wakes every waiter once the queue is down to half, so the wait always ends.
final class BacklogWaiter: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)

  /// Blocks the calling thread until ``resume()``.
  func wait() {
    semaphore.wait()
  }

  /// Lets the waiting thread go on.
  func resume() {
    semaphore.signal()
  }
}
