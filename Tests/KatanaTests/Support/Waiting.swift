import Katana
import KatanaSupport
import Testing

/// Polls `condition`, yielding between tries, until it holds or `patience` has passed.
///
/// Polling: prefer a wait on the event itself (``Recorder/wait(forCount:_:sourceLocation:)``,
/// ``Counter/wait(forValue:_:sourceLocation:)``, ``Gate/waitForArrivals(_:_:sourceLocation:)``,
/// ``Watched``). Kept for the interceptor tests that still use it. Records an issue naming
/// `what` on time-out.
@discardableResult
func waitUntil(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + patience
  while !condition() {
    if clock.now >= deadline {
      Issue.record("Timed out waiting until \(what)", sourceLocation: sourceLocation)
      return false
    }
    await Task.yield()
  }
  return true
}

/// Lets other tasks run for a while without waiting for anything in particular.
///
/// Prefer waiting for a later event that is ordered after the one that must not happen. Kept
/// for the interceptor tests that still use it. Never used to wait for an event.
func yieldRepeatedly(_ times: Int = 200) async {
  for _ in 0..<times { await Task.yield() }
}

/// Runs `operation`, failing the test (instead of hanging the suite) if it has not finished after
/// `patience`. For operations that would deadlock if the store misbehaved.
///
/// A deadlocked operation is left suspended; the test fails with `what` and returns `nil`.
func withDeadline<T: Sendable>(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: @escaping @Sendable () async throws -> T
) async throws -> T? {
  let finished = Locked(false)
  let watchdog = Locked<Task<Void, Never>?>(nil)
  let result: Result<T, any Error>? = await withCheckedContinuation { continuation in
    let resume = { @Sendable (result: Result<T, any Error>?) in
      let first = finished.withLock { done -> Bool in
        defer { done = true }
        return !done
      }
      if first { continuation.resume(returning: result) }
    }
    Task {
      do { resume(.success(try await operation())) } catch { resume(.failure(error)) }
    }
    // The watchdog sleeps until the deadline instead of spinning; it is cancelled once the
    // operation has finished.
    watchdog.set(
      Task {
        guard (try? await Task.sleep(for: patience)) != nil else { return }
        resume(nil)
      })
  }
  watchdog.current?.cancel()
  guard let result else {
    Issue.record("Did not finish (deadlock?): \(what)", sourceLocation: sourceLocation)
    return nil
  }
  return try result.get()
}
