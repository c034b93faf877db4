/// The props of a ``NavigationRoot``: the stack it shows and where that is, both fed from the
/// store by `connect`.
public struct NavigationRootProps<Screens: NavigationScreens>: NavigationLocationProps {
  /// The stack shown; `nil` until connected.
  public var routes: RouteStack<Screens.StoreState.Route>?
  /// The titles and paths of the stack, for the title bar and for backends.
  public var location: NavigationLocation?
  /// The frame, in points; ``Rect/zero`` for a root that fills the backend's container.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings.
  public var key: String?

  /// Props filled in by `connect`.
  public init() {}
}
