import Katana

/// The updaters that move an app's ``RouteStack``: ordinary state updaters, so a test asserts
/// them with the TestStore, a logger prints them, and DevTools records and replays them.
///
/// Each is a ``SessionUpdater``: on a ``SessionStore`` (a browser tab) it moves that page alone
/// and never reaches the shared store.
///
/// ```swift
/// dispatch(Navigation.Push<AppState>(.item(id: 3)))
/// dispatch(Navigation.Pop<AppState>())
/// ```
///
/// A move that does not apply (popping at the root, dismissing with no modal open) leaves the
/// state as it is, as a browser's Back button does on the first page; ``RouteStack`` reports
/// such cases to code that calls it directly. Each updater is `Codable` when the route is, so a
/// journal or a DevTools session can store it.
public enum Navigation {
  /// Shows a screen on top of the current one.
  public struct Push<S: NavigableState>: SessionUpdater {
    /// The screen to show.
    public var route: S.Route
    /// Pushes `route`.
    public init(_ route: S.Route) { self.route = route }
    /// Pushes the route.
    public func updateState(_ state: inout S) { state.routes.push(route) }
  }

  /// Presents a screen modally (see ``RoutePresentation/modal``).
  public struct Present<S: NavigableState>: SessionUpdater {
    /// The screen to present.
    public var route: S.Route
    /// Presents `route`.
    public init(_ route: S.Route) { self.route = route }
    /// Presents the route.
    public func updateState(_ state: inout S) { state.routes.present(route) }
  }

  /// Leaves the top screen; at the root, nothing changes.
  public struct Pop<S: NavigableState>: SessionUpdater {
    /// Pops one screen.
    public init() {}
    /// Pops the top entry, if it is not the root.
    public func updateState(_ state: inout S) { state.routes.pop() }
  }

  /// Closes the most recent modal screen and everything pushed on it; with no modal open,
  /// nothing changes.
  public struct Dismiss<S: NavigableState>: SessionUpdater {
    /// Dismisses the most recent modal flow.
    public init() {}
    /// Dismisses.
    public func updateState(_ state: inout S) { state.routes.dismiss() }
  }

  /// Goes back to the root screen.
  public struct PopToRoot<S: NavigableState>: SessionUpdater {
    /// Pops every screen above the root.
    public init() {}
    /// Pops to the root.
    public func updateState(_ state: inout S) { state.routes.popToRoot() }
  }

  /// Replaces the top screen (a step of a wizard, the result of a game).
  public struct ReplaceTop<S: NavigableState>: SessionUpdater {
    /// The screen shown instead.
    public var route: S.Route
    /// Replaces the top with `route`.
    public init(_ route: S.Route) { self.route = route }
    /// Replaces the top route.
    public func updateState(_ state: inout S) { state.routes.replaceTop(with: route) }
  }

  /// Sets the whole stack: what a link, a reload or the browser's Back and Forward buttons
  /// open (see ``NavigationScreens/stack(forPaths:)``).
  public struct Open<S: NavigableState>: SessionUpdater {
    /// The stack to show.
    public var routes: RouteStack<S.Route>
    /// Opens `routes`.
    public init(_ routes: RouteStack<S.Route>) { self.routes = routes }
    /// Replaces the stack.
    public func updateState(_ state: inout S) { state.routes = routes }
  }
}

extension Navigation.Push: Equatable where S.Route: Equatable {}
extension Navigation.Push: Codable where S.Route: Codable {}
extension Navigation.Present: Equatable where S.Route: Equatable {}
extension Navigation.Present: Codable where S.Route: Codable {}
extension Navigation.Pop: Equatable, Codable {}
extension Navigation.Dismiss: Equatable, Codable {}
extension Navigation.PopToRoot: Equatable, Codable {}
extension Navigation.ReplaceTop: Equatable where S.Route: Equatable {}
extension Navigation.ReplaceTop: Codable where S.Route: Codable {}
extension Navigation.Open: Equatable {}
extension Navigation.Open: Codable where S.Route: Codable {}
