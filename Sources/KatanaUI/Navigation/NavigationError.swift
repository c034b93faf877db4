/// A route stack that cannot be built.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A stack needs at least its root screen.
  case emptyStack

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .emptyStack: "a route stack needs at least its root screen"
    }
  }
}
