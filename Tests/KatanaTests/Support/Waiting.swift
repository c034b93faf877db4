import Katana
import KatanaSupport
import Testing

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
