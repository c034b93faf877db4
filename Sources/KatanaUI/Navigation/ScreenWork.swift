import Katana
import KatanaSupport

/// The items dispatched as the work of a screen, by route, until that route leaves the stack:
/// then a ``NavigationRoot`` cancels them (see ``Dispatcher/callAsFunction(_:cancellingWhenLeaving:)``).
///
/// One per renderer. Sendable through its lock: `tasks` is only touched inside `withLock`.
final class ScreenWork: Sendable {
  /// A route of any type, as a key.
  private struct RouteKey: Hashable, Sendable {
    let route: any Hashable & Sendable
    static func == (lhs: RouteKey, rhs: RouteKey) -> Bool { AnyHashable(lhs.route) == AnyHashable(rhs.route) }
    func hash(into hasher: inout Hasher) { AnyHashable(route).hash(into: &hasher) }
  }

  private let tasks = LockedValue<[RouteKey: [DispatchTask<any Sendable>]]>([:])

  func add(_ task: DispatchTask<any Sendable>, for route: some Hashable & Sendable) {
    tasks.withLock { $0[RouteKey(route: route), default: []].append(task) }
  }

  /// Cancels and forgets the work of `route`.
  func cancel(_ route: some Hashable & Sendable) {
    let cancelled = tasks.withLock { $0.removeValue(forKey: RouteKey(route: route)) } ?? []
    for task in cancelled { task.cancel() }
  }

  /// How many items are kept for `route`.
  func count(for route: some Hashable & Sendable) -> Int {
    tasks.withLock { $0[RouteKey(route: route)]?.count ?? 0 }
  }
}
