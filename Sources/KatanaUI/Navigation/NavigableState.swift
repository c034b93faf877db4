public import Katana

/// An app state that holds the app's ``RouteStack``, so the ``Navigation`` updaters can move it
/// and a ``NavigationRoot`` can render its top.
///
/// ```swift
/// struct AppState: NavigableState {
///   var routes = RouteStack(root: AppRoute.list)
///   var items: [Item] = []
/// }
/// ```
public protocol NavigableState: Katana.State {
  /// The app's screens, usually an enum with a case per screen (and its parameters).
  associatedtype Route: Hashable & Sendable

  /// The screens open, root first.
  var routes: RouteStack<Route> { get set }
}
