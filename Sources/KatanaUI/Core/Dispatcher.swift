public import Katana

/// Dispatches items to the renderer's store from descriptions and event handlers.
///
/// Call it like a function: `dispatch(IncrementCounter())`. Safe from any thread or actor.
/// Without a store (a renderer created with `store: nil`) it does nothing and returns `nil`.
///
/// A side effect (any item but a `StateUpdater`) dispatched while the renderer handles a press or
/// a choice of a control (a ``NodeEvent/touch(_:)`` or ``NodeEvent/select(_:)`` sent to a button,
/// a check box, tabs…), directly or from a `Task` the handler starts, is that control's work: the
/// renderer shows the control busy (``Accessibility/isBusy``) until every such item has settled.
public struct Dispatcher: Sendable {
  let store: (any AnyStore)?
  let tracker: DispatchTracker?
  let screenWork: ScreenWork?

  init(store: (any AnyStore)?, tracker: DispatchTracker?, screenWork: ScreenWork? = nil) {
    self.store = store
    self.tracker = tracker
    self.screenWork = screenWork
  }

  /// A dispatcher without a store: every call is ignored. Handy for previews and tests.
  public static let none = Dispatcher(store: nil, tracker: nil)

  /// Dispatches an item to the store.
  ///
  /// - Parameters:
  ///   - item: the item.
  ///   - fileID: where the dispatch is made; leave the default. Instrumentation (DevTools, the
  ///     test store) reads it as `DispatchEvent.callSite`; without instrumentation it costs nothing.
  ///   - line: the line of the call; leave the default.
  ///   - function: the function making the call; leave the default.
  /// - Returns: the store's handle on the item, or `nil` when there is no store.
  @discardableResult
  public func callAsFunction(
    _ item: any Dispatchable, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<any Sendable>? {
    guard let store else { return nil }
    let task = store.anyDispatch(item, callSite: DispatchCallSite(fileID: fileID, line: line, function: function))
    tracker?.track(task)
    // A side effect dispatched while a control's press or choice is handled is the control's
    // work: busy until it settles. A state updater is a change, not work to wait for.
    if let origin = EventOrigin.current, !(item is any StateUpdater) { origin.add(task) }
    return task
  }

  /// Dispatches an item as the work of the screen showing `route`: when `route` leaves the route
  /// stack a ``NavigationRoot`` renders, the item is cancelled (`DispatchTask.cancel()`), so
  /// a screen's loading stops when the user leaves it.
  ///
  /// ```swift
  /// dispatch(LoadComments(itemID: id), cancellingWhenLeaving: AppRoute.item(id))
  /// ```
  ///
  /// - Parameters:
  ///   - item: the item.
  ///   - route: the route whose screen the item works for.
  ///   - fileID: where the dispatch is made; leave the default (instrumentation reads it, as for
  ///     ``callAsFunction(_:fileID:line:function:)``).
  ///   - line: the line of the call; leave the default.
  ///   - function: the function making the call; leave the default.
  /// - Returns: the store's handle on the item, or `nil` when there is no store.
  @discardableResult
  public func callAsFunction(
    _ item: any Dispatchable, cancellingWhenLeaving route: some Hashable & Sendable,
    fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
  ) -> DispatchTask<any Sendable>? {
    guard let task = callAsFunction(item, fileID: fileID, line: line, function: function) else { return nil }
    screenWork?.add(task, for: route)
    return task
  }

  /// Cancels the items dispatched for `route` with ``callAsFunction(_:cancellingWhenLeaving:fileID:line:function:)``.
  /// A ``NavigationRoot`` calls it for each route that leaves its stack.
  public func cancelWork(of route: some Hashable & Sendable) {
    screenWork?.cancel(route)
  }
}
