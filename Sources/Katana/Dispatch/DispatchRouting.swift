/// Where a side effect's updaters go before its store, and what state it reads: the seam a UI
/// session (KatanaUI's `SessionStore`, a browser tab) uses so that a side effect it dispatched
/// sees that page's own fields and moves that page's screen.
///
/// A router is a task-local value: side effects started while it is set (in their own tasks,
/// which inherit it) dispatch their updaters through ``DispatchRouter/route(_:callSite:)`` first,
/// and read their state through ``DispatchRouter/overlay(_:)``. Only ``SideEffectContext``'s
/// `dispatch` and `getState` consult it; the store's own dispatch does not, so the updater hot
/// path is unchanged.
public enum DispatchRouting {
  /// The router of the current task, if any.
  @TaskLocal public static var router: (any DispatchRouter)?
}

/// Takes some of the updaters a side effect dispatches, and shows it its own view of the state
/// (see ``DispatchRouting``).
public protocol DispatchRouter: Sendable {
  /// Handles `updater` itself and returns its handle, or returns `nil` to let the store handle it.
  ///
  /// Called on the dispatching thread, before the store sees the updater.
  ///
  /// - Parameters:
  ///   - updater: the updater the side effect dispatched.
  ///   - callSite: where the side effect dispatched it, when the overload it called knows.
  func route(_ updater: any StateUpdater, callSite: DispatchCallSite?) -> DispatchTask<any Sendable>?

  /// The store's `state` as the router's side effects see it: a UI session lays its page's own
  /// fields over it. Return `state` unchanged for a state of a type the router does not know.
  ///
  /// Called by ``SideEffectContext/getState()`` on the side effect's thread, with no lock held.
  func overlay<S: State>(_ state: S) -> S
}

/// An updater a ``DispatchRouter`` sent to the store in place of the one dispatched, to apply it
/// in the router's setting (a UI session lays its page's fields over the state, applies the
/// updater, and takes the page's fields of the result back).
///
/// Tools that name, journal or undo updaters look through it at ``routedUpdater``, the updater
/// the app dispatched: KatanaPersistence journals and undoes that one, and DevTools and the
/// loggers show its name.
public protocol RoutedUpdater: StateUpdater {
  /// The updater the app dispatched, which this one applies.
  var routedUpdater: any StateUpdater { get }
}

/// The item as the app dispatched it: the updater `item` routes when it is a ``RoutedUpdater``,
/// else `item` itself.
///
/// The one place tools look through a routed updater (the loggers name it, DevTools shows and
/// exports it, persistence journals and undoes it). One conformance check per call, from any
/// thread. Inlinable because the logger calls it on every item: out of line, taking and
/// returning an existential, it cost W6 25 instructions a dispatch.
@inlinable
public func unrouted(_ item: any Dispatchable) -> any Dispatchable {
  (item as? any RoutedUpdater)?.routedUpdater ?? item
}

/// The updater `updater` routes when it is a ``RoutedUpdater``, else `updater` itself: the
/// updater the app dispatched, typed as an updater (persistence journals and undoes it).
@inlinable
public func unrouted(_ updater: any StateUpdater) -> any StateUpdater {
  (updater as? any RoutedUpdater)?.routedUpdater ?? updater
}
