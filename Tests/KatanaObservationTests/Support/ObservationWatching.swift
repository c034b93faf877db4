import Observation
import class KatanaTestSupport.Watched

/// The value of `read` kept current by Observation itself: a test waits on it for what the
/// observed objects publish from their own tasks, instead of polling them.
///
/// Each change is the event: the observation's `onChange` (called on the main actor as a tracked
/// property is about to change) schedules a main-actor job that runs once the change is done,
/// reads the new value into the ``Watched``, and tracks again. Changes that land before that job
/// runs are seen as one, the newest: wait for a value the object settles on.
///
/// `read` is held by the observed objects' registrars until their next change; capture an object
/// weakly when the test checks that it is released.
@MainActor
func watchObserved<Value: Sendable>(_ read: @escaping @MainActor () -> Value) -> Watched<Value> {
  let watched = Watched(read())
  track(read, into: watched)
  return watched
}

@MainActor
private func track<Value: Sendable>(_ read: @escaping @MainActor () -> Value, into watched: Watched<Value>) {
  withObservationTracking {
    _ = read()
  } onChange: {
    Task { @MainActor in
      watched.update { $0 = read() }
      track(read, into: watched)
    }
  }
}
