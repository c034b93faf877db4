import Katana
package import Testing

/// An append-only log shared between tasks, threads, listeners and interceptors, that a test can
/// wait on: every append wakes the waiters, so a wait ends on the append that satisfies it, not
/// on a poll.
package final class Recorder<Element: Sendable>: Sendable {
  private let storage = Watched<[Element]>([])

  package init() {}

  package func append(_ element: Element) { storage.update { $0.append(element) } }

  package var values: [Element] { storage.value }

  package var count: Int { storage.value.count }

  /// Suspends until the log holds at least `count` elements; records an issue naming `what` if
  /// that has not happened within `patience`.
  ///
  /// - Returns: whether the log reached `count`.
  @discardableResult
  package func wait(
    forCount count: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    await storage.wait(what, sourceLocation: sourceLocation) { $0.count >= count }
  }

  /// Suspends until `condition` holds for the log; records an issue naming `what` on time-out.
  @discardableResult
  package func wait(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: @escaping @Sendable ([Element]) -> Bool
  ) async -> Bool {
    await storage.wait(what, sourceLocation: sourceLocation, until: condition)
  }
}
