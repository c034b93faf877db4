import Dispatch
import Foundation

/// Whether the calling code runs on the main actor, asked without trapping (unlike
/// `MainActor.assumeIsolated`), from synchronous code that has no isolation of its own: a store
/// listener.
///
/// The main actor's executor is the main dispatch queue. On Apple platforms the main queue runs on
/// the main thread, so being on the main thread is being on the main actor. Elsewhere the main
/// queue may be drained by another thread (the Linux test runner blocks the main thread and drains
/// the main queue from a worker), so the check asks the queue itself: a queue-specific value set on
/// the main queue is visible only to code that the main queue runs.
enum MainActorContext {
  /// Marks the main queue; set once, on first use.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// `true` when the caller runs on the main actor's executor, so `MainActor.assumeIsolated` holds.
  static var isCurrent: Bool {
    #if canImport(Darwin)
      if Thread.isMainThread { return true }
    #endif
    return DispatchQueue.getSpecific(key: mainQueueKey) == true
  }
}
