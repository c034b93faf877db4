import Katana
import KatanaSupport

/// The items dispatched as the work of a screen, by route, until they settle or that route leaves
/// the stack: then a ``NavigationRoot`` cancels them (see
/// ``Dispatcher/callAsFunction(_:cancellingWhenLeaving:fileID:line:function:)``).
///
/// One per renderer. Sendable through its lock: `tasks` is only touched inside `withLock`.
final class ScreenWork: Sendable {
  /// A route of any type, as a key.
  private struct RouteKey: Hashable, Sendable {
    let route: any Hashable & Sendable
    static func == (lhs: RouteKey, rhs: RouteKey) -> Bool { AnyHashable(lhs.route) == AnyHashable(rhs.route) }
    func hash(into hasher: inout Hasher) { AnyHashable(route).hash(into: &hasher) }
  }

  /// The pending items of each route, by a number of their own, so that an item that settles
  /// removes itself: the root screen never leaves the stack, and its finished work must not pile
  /// up for the life of the app.
  private let tasks = LockedValue<Work>(Work())

  private struct Work {
    var byRoute: [RouteKey: [Int: DispatchTask<any Sendable>]] = [:]
    var nextNumber = 0
  }

  /// Keeps `task` as work of `route` until it settles or `route` leaves the stack.
  func add(_ task: DispatchTask<any Sendable>, for route: some Hashable & Sendable) {
    let key = RouteKey(route: route)
    let number = tasks.withLock { work in
      defer { work.nextNumber += 1 }
      work.byRoute[key, default: [:]][work.nextNumber] = task
      return work.nextNumber
    }
    // At once when it is already settled (an updater applied by the dispatch itself).
    task.whenSettled { [tasks] in
      tasks.withLock { work in
        work.byRoute[key]?[number] = nil
        if work.byRoute[key]?.isEmpty == true { work.byRoute[key] = nil }
      }
    }
  }

  /// Cancels and forgets the work of `route`.
  func cancel(_ route: some Hashable & Sendable) {
    let cancelled = tasks.withLock { $0.byRoute.removeValue(forKey: RouteKey(route: route)) } ?? [:]
    for task in cancelled.values { task.cancel() }
  }

  /// How many unsettled items are kept for `route`.
  func count(for route: some Hashable & Sendable) -> Int {
    tasks.withLock { $0.byRoute[RouteKey(route: route)]?.count ?? 0 }
  }
}
