import IssueReporting
import Katana
import KatanaSupport

/// A clock whose time moves only when the test moves it.
///
/// Inject it where the app injects a `Clock<Duration>` (a manager, the dependency container), so
/// that side effects that wait are tested without waiting:
///
/// ```swift
/// let clock = ManualClock()
/// // … build the store with a container whose clock is `clock` …
/// await store.dispatch(IncrementLater(delay: .seconds(5)))
/// await clock.waitForSleepers()          // the side effect is now sleeping
/// await clock.advance(by: .seconds(5))   // wakes it at once
/// await store.receive(IncrementCounter.self) { $0.counter = 1 }
/// ```
///
/// Code that sleeps on the clock suspends until ``advance(by:)`` moves ``now`` to or past its
/// deadline; a sleeper whose task is cancelled throws `CancellationError` at once. All methods are
/// safe to call from any task.
public final class ManualClock: Clock, Sendable {
  /// A point in a manual clock's time: how far the clock has been advanced since it was created.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time elapsed since the clock was created.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's creation.
    ///
    /// - Parameter offset: the time elapsed since the clock was created.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, for test output.
    public var description: String { "ManualClock.Instant(\(offset))" }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Storage {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextID = 0
  }

  /// `waitForSleepers` waits on it for enough sleepers.
  private let storage = WaitableValue(Storage())

  /// Creates a clock at instant zero.
  public init() {}

  /// The clock's current time.
  public var now: Instant { storage.withLock { $0.now } }

  /// Zero: a manual clock keeps exact time.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on the clock now.
  public var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

  /// Suspends until the clock is advanced to `deadline` or past it.
  ///
  /// - Parameters:
  ///   - deadline: the instant to wake at; an instant already reached returns at once.
  ///   - tolerance: ignored: a manual clock wakes sleepers exactly.
  /// - Throws: `CancellationError` if the task is cancelled while it sleeps.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let due = storage.withLock { storage -> Bool in
          guard deadline > storage.now else { return true }
          storage.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return false
        }
        if due { continuation.resume() }
      }
    } onCancel: {
      let sleeper = storage.withLock { $0.sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration` and wakes every sleeper whose deadline has come,
  /// earliest deadline first.
  ///
  /// Only tasks already sleeping are woken: call ``waitForSleepers(_:timeout:fileID:filePath:line:column:)``
  /// first when the code under test may not have reached its `sleep` yet.
  ///
  /// - Parameter duration: how far to move the clock.
  public func advance(by duration: Duration) async {
    let target = now.advanced(by: duration)
    await advance(to: target)
  }

  /// Moves the clock forward to `instant` (never backwards) and wakes every sleeper whose
  /// deadline has come, earliest deadline first.
  ///
  /// - Parameter instant: the new time; an instant in the past leaves the time unchanged.
  public func advance(to instant: Instant) async {
    let due = storage.withLock { storage -> [Sleeper] in
      if instant > storage.now { storage.now = instant }
      let due = storage.sleepers.filter { $0.value.deadline <= storage.now }
      for id in due.keys { storage.sleepers[id] = nil }
      return due.values.sorted { $0.deadline < $1.deadline }
    }
    for sleeper in due {
      sleeper.continuation.resume()
      // Let the woken task run up to its next suspension before waking the next one.
      await Task.yield()
    }
  }

  /// Suspends until at least `count` tasks are sleeping on the clock, so that a following
  /// ``advance(by:)`` wakes them.
  ///
  /// Reports a test failure if that does not happen within `timeout` of real time.
  ///
  /// - Parameters:
  ///   - count: how many sleepers to wait for.
  ///   - timeout: how long to wait, in real time.
  ///   - fileID: the calling file's ID; a failure is reported there. Leave the default.
  ///   - filePath: the calling file's path; a failure is reported there. Leave the default.
  ///   - line: the calling line; a failure is reported there. Leave the default.
  ///   - column: the calling column; a failure is reported there. Leave the default.
  public func waitForSleepers(
    _ count: Int = 1,
    timeout: Duration = .seconds(2),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now + timeout
    guard await !storage.wait(until: deadline, for: { $0.sleepers.count >= count }) else { return }
    reportIssue(
      "Expected \(count) task(s) sleeping on the manual clock within \(timeout), found \(sleeperCount).",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
