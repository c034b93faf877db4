import Katana
import KatanaSupport
package import Testing

/// How long a test waits for something that should happen almost at once before it fails.
///
/// Only a failing test waits this long, so it is generous: under ThreadSanitizer on a loaded
/// 2-core machine a main-actor hop queued behind other suites' main-actor work took over 10 s,
/// and in CI every web-socket test of two suites waited over 10 s for a frame at the same moment
/// (the 1,000-socket and kill tests ran beside them). Every wall-clock bound in the tests is this
/// one, so none races the machine's load.
package let patience: Duration = .seconds(120)

/// A value behind a lock whose every change wakes the tasks waiting for a condition on it.
///
/// Waiting is event-driven: the condition is checked when the wait starts and after each
/// ``update(_:)``, never in a loop (the package's one such wait, `WaitableValue`). The wait ends
/// after ``patience`` so that a broken implementation fails the test instead of hanging it.
package final class Watched<Value: Sendable>: Sendable {
  private let storage: WaitableValue<Value>

  package init(_ value: Value) {
    storage = WaitableValue(value)
  }

  package var value: Value { storage.value }

  /// Changes the value and resumes the waiters whose condition now holds.
  @discardableResult
  package func update<Result>(_ body: (inout Value) -> Result) -> Result {
    storage.withLock(body)
  }

  /// Suspends until `condition` holds; records an issue naming `what` if it does not within
  /// ``patience``.
  ///
  /// - Returns: whether the condition came to hold.
  @discardableResult
  package func wait(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: @escaping @Sendable (Value) -> Bool
  ) async -> Bool {
    let satisfied = await storage.wait(until: .now + patience, for: condition)
    if !satisfied { Issue.record("Timed out waiting until \(what)", sourceLocation: sourceLocation) }
    return satisfied
  }
}
