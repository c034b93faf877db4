/// When to write the state file: the coalescing rules of ``StateFile``, as a state machine the
/// façade calls under its one lock.
///
/// Transitions return what to do (a ``Decision``, the flushes a write settled), and the façade
/// does it after releasing the lock: it starts the writer thread or the debounce task, and
/// resumes the flushes a write settled. One exception: ``wait(_:)`` resumes a flush the writer
/// already settled from inside the lock (resuming a continuation only schedules its task, which
/// runs later, without the lock).
///
/// Every change gets a number (`changeCount`). A write takes the latest value and covers every
/// change up to its number, so many changes during one write cost one more write, not many: at
/// most one write is in flight and the latest state wins.
struct SaveMachine<Value: Sendable>: Sendable {
  /// A `flush()` waiting for the changes up to `target` to be on disk.
  struct Waiter: Sendable {
    var target: Int
    var continuation: CheckedContinuation<Void, any Error>
  }

  /// What the façade must do after a transition.
  enum Decision: Sendable {
    case nothing
    /// Start the writer task.
    case startWriting
    /// Start a task that sleeps for the debounce interval, then calls ``debounceEnded()``.
    case startDebounce
  }

  private(set) var latest: Value?
  private(set) var changeCount = 0
  /// The highest change number on disk.
  private(set) var savedCount = 0
  /// The journal sequence number of what is on disk.
  private(set) var savedJournalSequence = 0
  /// The highest change number a write was attempted for (successful or not).
  private var attemptedCount = 0
  private(set) var isWriting = false
  private var isDebouncing = false
  private(set) var lastError: PersistenceError?
  private(set) var writeCount = 0
  private(set) var bytesWritten = 0
  private var waiters: [Waiter] = []

  init(savedJournalSequence: Int) {
    self.savedJournalSequence = savedJournalSequence
  }

  /// The file on disk was loaded and includes the journal up to `journalSequence`.
  mutating func loaded(journalSequence: Int) {
    savedJournalSequence = journalSequence
  }

  /// A new state to save.
  mutating func changed(to value: Value, debounces: Bool) -> Decision {
    latest = value
    changeCount += 1
    if isWriting { return .nothing }  // the writer loops and picks it up
    if debounces {
      if isDebouncing { return .nothing }
      isDebouncing = true
      return .startDebounce
    }
    isWriting = true
    return .startWriting
  }

  /// The debounce interval has passed.
  mutating func debounceEnded() -> Decision {
    isDebouncing = false
    guard !isWriting, attemptedCount < changeCount else { return .nothing }
    isWriting = true
    return .startWriting
  }

  /// A `flush()`: returns `nil` when everything is already on disk, else the waiter's target and
  /// whether to start writing now (skipping any debounce).
  mutating func flush() -> (target: Int, decision: Decision)? {
    let target = changeCount
    guard savedCount < target else { return nil }
    // The last attempt failed and nothing changed since: try again, flush means "get it on disk".
    if attemptedCount >= target, !isWriting { attemptedCount = savedCount }
    if isWriting { return (target, .nothing) }
    isWriting = true
    return (target, .startWriting)
  }

  /// Parks a flush until its target is written, or resumes it at once when the writer settled
  /// it between ``flush()`` and this call.
  mutating func wait(_ waiter: Waiter) {
    if savedCount >= waiter.target {
      waiter.continuation.resume()
    } else if !isWriting, attemptedCount >= waiter.target, let lastError {
      waiter.continuation.resume(throwing: lastError)
    } else {
      waiters.append(waiter)
    }
  }

  /// The writer's next job: the latest value and the change number it covers, or `nil` when
  /// there is nothing new and no flush waits (the writer then stops).
  ///
  /// A flush still waiting here came after the last write failed and its waiters were failed,
  /// but before the writer asked for more: it found the writer busy, so it neither retried nor
  /// failed. The writer retries for it, as ``flush()`` does when the writer is idle; otherwise
  /// nobody would ever settle it.
  mutating func nextWrite() -> (value: Value, target: Int)? {
    let flushWaits = waiters.contains { $0.target > savedCount }
    guard attemptedCount < changeCount || flushWaits, let latest else {
      isWriting = false
      return nil
    }
    attemptedCount = changeCount
    return (latest, changeCount)
  }

  /// How many flushes wait for a write (for tests).
  var waitingFlushCount: Int { waiters.count }

  /// A write finished; returns the flushes to resume (and with which outcome).
  mutating func wrote(
    target: Int, journalSequence: Int, bytes: Int, error: PersistenceError?
  ) -> (resumed: [Waiter], failed: [Waiter]) {
    if let error {
      lastError = error
      let failed = waiters.filter { $0.target <= target }
      waiters.removeAll { $0.target <= target }
      return ([], failed)
    }
    lastError = nil
    writeCount += 1
    bytesWritten += bytes
    savedCount = target
    savedJournalSequence = journalSequence
    let resumed = waiters.filter { $0.target <= target }
    waiters.removeAll { $0.target <= target }
    return (resumed, [])
  }
}
