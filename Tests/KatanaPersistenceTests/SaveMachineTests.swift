import KatanaSupport
import KatanaTestSupport
import Testing

@testable import KatanaPersistence

/// The state file's coalescing rules as a plain value, driven step by step through interleavings
/// that threads produce only rarely.
@Suite("Save machine")
struct SaveMachineTests {
  private let full = PersistenceError.stateFileWriteFailed(path: "state.json", reason: "No space left on device")

  /// Seen hanging a CI run's `flush()`: the write failed and failed the flushes waiting then; a
  /// flush came before the writer asked for its next job, found the writer busy and parked; the
  /// writer, with no new change, stopped. Nobody settled the flush.
  @Test("a flush parked between a failed write and the writer's next step gets a retry, and its outcome")
  func flushParkedAfterAFailedWrite() async throws {
    let machine = LockedValue(SaveMachine<Int>(savedJournalSequence: 0))
    let full = full
    // Change 1 is on disk; change 2's write fails with nobody waiting yet.
    #expect(machine.withLock { $0.changed(to: 1, debounces: false) } == .startWriting)
    let first = try #require(machine.withLock { $0.nextWrite() })
    _ = machine.withLock { $0.wrote(target: first.target, journalSequence: 0, bytes: 1, error: nil) }
    #expect(machine.withLock { $0.nextWrite() } == nil)
    #expect(machine.withLock { $0.changed(to: 2, debounces: false) } == .startWriting)
    let second = try #require(machine.withLock { $0.nextWrite() })
    let (_, failedFirstTime) = machine.withLock {
      $0.wrote(target: second.target, journalSequence: 0, bytes: 0, error: full)
    }
    #expect(failedFirstTime.isEmpty)

    // The flush now: the writer has not asked for its next job, so it looks busy.
    let (target, decision) = try #require(machine.withLock { $0.flush() })
    #expect(target == 2)
    #expect(decision == .nothing)
    let parked = Watched(false)
    let flush = Task {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        machine.withLock { $0.wait(.init(target: target, continuation: continuation)) }
        parked.update { $0 = true }
      }
    }
    await parked.wait("the flush parked") { $0 }
    #expect(machine.withLock { $0.waitingFlushCount } == 1)

    // The writer's next step retries for the flush instead of stopping, and settles it.
    guard let retry = machine.withLock({ $0.nextWrite() }) else {
      Issue.record("the writer stopped with a flush parked: nothing would ever settle it")
      return  // the parked flush is left suspended: resuming it here would hide the bug
    }
    #expect(retry.value == 2 && retry.target == 2)
    let (resumed, failed) = machine.withLock { $0.wrote(target: retry.target, journalSequence: 0, bytes: 0, error: full) }
    #expect(resumed.isEmpty && failed.count == 1)
    for waiter in failed { waiter.continuation.resume(throwing: full) }
    await #expect(throws: full) { try await flush.value }
    #expect(machine.withLock { $0.nextWrite() } == nil, "no flush waits any more: the writer stops")
  }

  @Test("without a waiting flush, a failed write is not retried until something changes or a flush asks")
  func noRetryWithoutAFlush() throws {
    var machine = SaveMachine<Int>(savedJournalSequence: 0)
    #expect(machine.changed(to: 1, debounces: false) == .startWriting)
    let next = machine.nextWrite()
    let job = try #require(next)
    _ = machine.wrote(target: job.target, journalSequence: 0, bytes: 0, error: full)
    #expect(machine.nextWrite() == nil)
    #expect(machine.lastError == full)
    // A flush retries.
    let flush = machine.flush()
    let (target, decision) = try #require(flush)
    #expect(target == 1 && decision == .startWriting)
    #expect(machine.nextWrite()?.target == 1)
  }
}
