import Synchronization

/// A count that orders nothing (relaxed atomics): a thread reports progress without making its
/// other memory accesses happen before the reader's. A test waits on it when ThreadSanitizer
/// must still see whether those accesses race with another thread's.
@available(macOS 15, iOS 18, *)
final class UnorderedCounter: Sendable {
  private let value = Atomic<Int>(0)

  func increment() { value.add(1, ordering: .relaxed) }

  var count: Int { value.load(ordering: .relaxed) }
}
