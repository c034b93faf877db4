import Dispatch
import Foundation
import KatanaSupport

/// Holds a *thread* (not a task) until the test opens it: interceptors are synchronous, so a test
/// that needs an interceptor chain to stay busy parks the chain's thread here.
///
/// The parked code must run on a thread of its own (``runOnNewThread(_:)``), never on the
/// cooperative pool, which the test itself needs.
final class ThreadGate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let arrived = Gate()

  init() {}

  /// Blocks the calling thread until ``open()``; tells ``waitForArrival()`` it got here.
  func block() {
    arrived.open()
    semaphore.wait()
  }

  /// Lets the blocked thread go on.
  func open() {
    semaphore.signal()
  }

  /// Returns once a thread is blocked (or about to block) in ``block()``.
  func waitForArrival() async {
    await arrived.wait()
  }
}

/// Runs `body` on a new thread and returns at once.
func runOnNewThread(_ body: @escaping @Sendable () -> Void) {
  Thread.detachNewThread(body)
}
