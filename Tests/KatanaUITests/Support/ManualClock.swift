@testable import KatanaUI

/// A clock that only moves when a test calls ``advance(by:)``; sleepers wake when their deadline
/// is reached. Lets animation tests step time without sleeping.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Contents {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
  }

  private let contents = Lock(Contents())

  var now: Instant { contents.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// How many sleepers are waiting.
  var sleeperCount: Int { contents.withLock { $0.sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let resumeNow = contents.withLock { contents in
        guard deadline > contents.now else { return true }
        contents.sleepers.append(Sleeper(deadline: deadline, continuation: continuation))
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline has come.
  func advance(by duration: Duration) {
    let due = contents.withLock { contents in
      contents.now = contents.now.advanced(by: duration)
      let now = contents.now
      let due = contents.sleepers.filter { $0.deadline <= now }
      contents.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}
