import KatanaServerSupport
import KatanaSupport

/// A clock a test steps by hand, for the servers' pings and idle timeout: every sleep waits until
/// the test calls ``step()``, so a test of a timeout asserts the order of events and never races
/// the wall clock.
///
/// Threading: any thread; one lock.
package final class SteppedClock: SocketClock {
  private struct State {
    var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
    var nextSleeper = 0
    /// Steps waiting for a sleeper to arrive.
    var steppers: [CheckedContinuation<Void, Never>] = []
  }

  private let state = LockedValue(State())

  package init() {}

  package func sleep(for duration: Duration) async throws {
    let key = state.withLock { state -> Int in
      defer { state.nextSleeper += 1 }
      return state.nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let steppers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
          state.sleepers[key] = continuation
          defer { state.steppers = [] }
          return state.steppers
        }
        for stepper in steppers { stepper.resume() }
        if Task.isCancelled, let sleeper = state.withLock({ $0.sleepers.removeValue(forKey: key) }) {
          sleeper.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let sleeper = state.withLock { $0.sleepers.removeValue(forKey: key) }
      sleeper?.resume(throwing: CancellationError())
    }
  }

  /// Waits until something sleeps on the clock, then wakes every sleeper: one interval passes.
  package func step() async {
    while true {
      let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
        defer { state.sleepers = [:] }
        return Array(state.sleepers.values)
      }
      if !woken.isEmpty {
        for sleeper in woken { sleeper.resume() }
        return
      }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let sleeping = state.withLock { state -> Bool in
          if !state.sleepers.isEmpty { return true }
          state.steppers.append(continuation)
          return false
        }
        if sleeping { continuation.resume() }
      }
    }
  }
}
