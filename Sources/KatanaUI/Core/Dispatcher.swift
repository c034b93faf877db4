public import Katana

/// Dispatches items to the renderer's store from descriptions and event handlers.
///
/// Call it like a function: `dispatch(IncrementCounter())`. Safe from any thread or actor.
/// Without a store (a renderer created with `store: nil`) it does nothing and returns `nil`.
public struct Dispatcher: Sendable {
  let store: (any AnyStore)?
  let tracker: DispatchTracker?

  init(store: (any AnyStore)?, tracker: DispatchTracker?) {
    self.store = store
    self.tracker = tracker
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
    return task
  }
}
