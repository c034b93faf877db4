/// Where the user is, for backends to show in their own medium: a browser's address bar,
/// history and document title; a terminal's window title.
///
/// A ``NavigationRoot`` puts it in its props (see ``NavigationLocationProps``); a backend reads
/// it from there whenever the root's props change, in order with the rest of the batch.
public struct NavigationLocation: Hashable, Sendable {
  /// The title of each screen on the stack, root first.
  public var titles: [String]
  /// The URL path of each screen on the stack, root first (`["/", "/todos/3"]`); `nil` when the
  /// app has no URLs.
  public var paths: [String]?

  /// Creates a location.
  public init(titles: [String], paths: [String]?) {
    self.titles = titles
    self.paths = paths
  }

  /// The title of the screen shown.
  public var title: String { titles.last ?? "" }
  /// The path of the screen shown, if the app has URLs.
  public var path: String? { paths?.last }
  /// The titles joined root first, as a title bar shows them: `Todos › Buy milk`.
  public var breadcrumb: String { titles.joined(separator: " › ") }
}

/// Props that tell the backend where the user is (a ``NavigationRoot``'s).
public protocol NavigationLocationProps: NodeDescriptionProps {
  /// The location, or `nil` before the root knows its stack.
  var location: NavigationLocation? { get }
}
