/// Where a side effect's updaters go before its store: the seam a UI session (KatanaUI's
/// `SessionStore`, a browser tab) uses so that a side effect it dispatched moves that page's screen.
///
/// A router is a task-local value: side effects started while it is set (in their own tasks,
/// which inherit it) dispatch their updaters through ``DispatchRouter/route(_:)`` first. Only
/// ``SideEffectContext``'s dispatch consults it; the store's own dispatch does not, so the
/// dispatch hot path is unchanged.
public enum DispatchRouting {
  /// The router of the current task, if any.
  @TaskLocal public static var router: (any DispatchRouter)?
}

/// Takes some of the updaters a side effect dispatches (see ``DispatchRouting``).
public protocol DispatchRouter: Sendable {
  /// Handles `updater` itself and returns its handle, or returns `nil` to let the store handle it.
  ///
  /// Called on the dispatching thread, before the store sees the updater.
  func route(_ updater: any StateUpdater) -> DispatchTask<any Sendable>?
}
