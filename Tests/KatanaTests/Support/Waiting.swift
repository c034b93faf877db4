import Katana
import KatanaSupport
import Testing

/// How long a test waits for something that should happen almost at once before it fails.
let patience: Duration = .seconds(10)

/// Polls `condition`, yielding between tries, until it holds or `patience` has passed.
///
/// Used only for reactions the store starts fire-and-forget (observer reactions, instrumentation
/// ends, store release), which nothing can await. Records an issue naming `what` on time-out.
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
/// Used before asserting that something did *not* happen, so a wrong implementation has had its
/// chance to do it. Never used to wait for an event.
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
    Task {
      let clock = ContinuousClock()
      let deadline = clock.now + patience
      while !finished.current {
        if clock.now >= deadline {
          resume(nil)
          return
        }
        await Task.yield()
      }
    }
  }
  guard let result else {
    Issue.record("Did not finish (deadlock?): \(what)", sourceLocation: sourceLocation)
    return nil
  }
  return try result.get()
}
