/// An app's table of screens: which description shows each route, its title, and (for apps that
/// run in a browser) the URL path of each route and back.
///
/// A ``NavigationRoot`` reads it to render the top of the app's ``RouteStack``.
///
/// ```swift
/// enum AppScreens: NavigationScreens {
///   typealias StoreState = AppState
///
///   static func screen(for route: AppRoute, frame: Rect) -> AnyNodeDescription {
///     switch route {
///     case .list: ListScreen(props: ListScreenProps.build { $0.frame = frame })
///     case .item(let id): ItemScreen(props: ItemScreenProps.build { $0.id = id; $0.frame = frame })
///     }
///   }
///
///   static func title(for route: AppRoute, in state: AppState) -> String {
///     switch route {
///     case .list: "Items"
///     case .item(let id): state.item(id)?.title ?? "Missing item"
///     }
///   }
/// }
/// ```
public protocol NavigationScreens {
  /// The store's state, holding the route stack.
  associatedtype StoreState: NavigableState

  /// The description of the screen that shows `route`, filling `frame`.
  ///
  /// Screens are plain descriptions; a connected one reads the store itself. The root gives each
  /// screen the key ``screenKey(for:)`` (replacing the key of the description returned), so a
  /// new route mounts a new screen and the old one is unmounted with its whole subtree.
  @MainActor
  static func screen(for route: StoreState.Route, frame: Rect) -> AnyNodeDescription

  /// The identity of `route`'s screen among the root's children: by default the route itself
  /// (its description). Two routes with one key and one description type share a mounted
  /// screen, which only re-renders when one replaces the other (a game's board and its result).
  static func screenKey(for route: StoreState.Route) -> String

  /// What the title bar (and a browser tab, a terminal window) calls `route`. By default, the
  /// route's description.
  static func title(for route: StoreState.Route, in state: StoreState) -> String

  /// The URL path of `route` (`/todos/3`); by default `nil`: the app has no URLs.
  static func path(for route: StoreState.Route) -> String?

  /// The stack a link to `path` opens: the deep link `/todos/3` might open the list with the
  /// item on it, so Back leads to the list. Return the app's not-found screen for a path it does
  /// not know; `nil` (the default) ignores links.
  static func stack(forPath path: String) -> RouteStack<StoreState.Route>?

  /// The height of the title bar, in points (one terminal row is 16 on the font-cell geometry);
  /// 0 hides it. By default 16.
  static var titleBarHeight: Double { get }

  /// The colours of the title bar. By default ``Theme/standard``.
  static var theme: Theme { get }
}

extension NavigationScreens {
  public static func title(for route: StoreState.Route, in state: StoreState) -> String {
    String(describing: route)
  }

  public static func path(for route: StoreState.Route) -> String? { nil }

  public static func screenKey(for route: StoreState.Route) -> String { "screen \(route)" }

  public static func stack(forPath path: String) -> RouteStack<StoreState.Route>? { nil }

  public static var titleBarHeight: Double { 16 }

  public static var theme: Theme { .standard }

  /// The stack a browser history entry stands for: the stack of its first path, then the top
  /// screen of each following path's stack, shown as that stack shows it. A single path is a
  /// plain link (``stack(forPath:)``).
  ///
  /// - Returns: `nil` when the app has no URLs or `paths` is empty.
  public static func stack(forPaths paths: [String]) -> RouteStack<StoreState.Route>? {
    guard let first = paths.first, var stack = stack(forPath: first) else { return nil }
    for path in paths.dropFirst() {
      guard let next = self.stack(forPath: path) else { return nil }
      switch next.topEntry.presentation {
      case .push: stack.push(next.top)
      case .modal: stack.present(next.top)
      }
    }
    return stack
  }

  /// The location of `routes` in `state`: each screen's title and path.
  public static func location(of routes: RouteStack<StoreState.Route>, in state: StoreState) -> NavigationLocation {
    let paths = routes.routes.map { path(for: $0) }
    return NavigationLocation(
      titles: routes.routes.map { title(for: $0, in: state) },
      paths: paths.contains(nil) ? nil : paths.compactMap { $0 })
  }
}
