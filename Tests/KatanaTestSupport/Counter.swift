import Katana
package import Testing

/// A thread-safe counter that a test can wait on: each increment wakes the waiters.
package final class Counter: Sendable {
  private let storage = Watched(0)

  package init() {}

  @discardableResult
  package func increment() -> Int { storage.update { $0 += 1; return $0 } }

  package var value: Int { storage.value }

  /// Suspends until the counter reaches `target`; records an issue naming `what` if that has not
  /// happened within `patience`.
  ///
  /// - Returns: whether the counter reached `target`.
  @discardableResult
  package func wait(
    forValue target: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    await storage.wait(what, sourceLocation: sourceLocation) { $0 >= target }
  }
}
