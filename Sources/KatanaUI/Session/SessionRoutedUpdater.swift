import Katana

/// An updater a ``SessionStore`` dispatched to its shared store in place of the one its page
/// dispatched: applied under the shared store's lock, it lays the page's fields over the shared
/// state, applies the page's updater, takes the page's fields of the result back to the page and
/// puts the shared copy of those fields back, so the shared copy never changes.
///
/// So every updater a page dispatches is applied once, atomically, and the shared store's
/// interceptors and instrumentation (DevTools, loggers, persistence) see it; they look through
/// this wrapper at ``routedUpdater`` (``/Katana/RoutedUpdater``).
struct SessionRoutedUpdater<Updater: StateUpdater>: RoutedUpdater {
  typealias StateType = Updater.StateType

  /// The updater the page dispatched.
  let updater: Updater
  /// The page's session. Strong: the store applies the updater soon, and a closed session's
  /// updater still changes the shared data (``SessionStore/apply(_:to:)`` keeps no page then).
  let session: SessionStore<Updater.StateType>

  var routedUpdater: any StateUpdater { updater }

  func updateState(_ state: inout Updater.StateType) {
    session.apply(updater, to: &state)
  }
}
