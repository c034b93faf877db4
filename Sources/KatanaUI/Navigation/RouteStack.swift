/// The screens an app has open, bottom (the root) to top (the screen shown): a plain value kept
/// in the app's state.
///
/// Keeping the stack in the state makes navigation an ordinary state change: the updaters of
/// ``Navigation`` change it, the ``NavigationRoot`` renders its top, and whatever watches the
/// store (a logger, the TestStore, DevTools and its time travel) sees every move.
///
/// The stack is never empty: its first entry is the root screen, which cannot be popped.
///
/// ```swift
/// var routes = RouteStack(root: TodosRoute.list)
/// routes.push(.item(id: 3))
/// routes.top       // .item(id: 3)
/// routes.pop()     // the item's entry
/// routes.pop()     // nil: the root stays
/// ```
public struct RouteStack<Route: Hashable & Sendable>: Hashable, Sendable {
  /// One screen on the stack and how it was shown.
  public struct Entry: Hashable, Sendable {
    /// The screen.
    public var route: Route
    /// How it came on the stack.
    public var presentation: RoutePresentation

    /// Creates an entry.
    public init(_ route: Route, presentation: RoutePresentation = .push) {
      self.route = route
      self.presentation = presentation
    }
  }

  /// The entries, root first; never empty.
  public private(set) var entries: [Entry]

  /// A stack holding only `root`.
  public init(root: Route) {
    entries = [Entry(root)]
  }

  /// A stack of `entries`, root first.
  ///
  /// - Throws: ``NavigationError/emptyStack`` when `entries` is empty.
  public init(entries: [Entry]) throws(NavigationError) {
    guard !entries.isEmpty else { throw .emptyStack }
    self.entries = entries
  }

  /// The root screen.
  public var root: Route { entries[0].route }
  /// The screen shown.
  public var top: Route { entries[entries.count - 1].route }
  /// The entry shown.
  public var topEntry: Entry { entries[entries.count - 1] }
  /// The routes, root first.
  public var routes: [Route] { entries.map(\.route) }
  /// How many screens are above the root.
  public var depth: Int { entries.count - 1 }
  /// Whether ``pop()`` would leave a screen (the stack holds more than the root).
  public var canGoBack: Bool { entries.count > 1 }
  /// Whether a modal screen is open, anywhere on the stack.
  public var isPresentingModal: Bool { entries.contains { $0.presentation == .modal } }

  /// Shows `route` on top, pushed.
  public mutating func push(_ route: Route) {
    entries.append(Entry(route))
  }

  /// Shows `route` on top, presented modally: ``dismiss()`` closes it together with everything
  /// pushed on it since.
  public mutating func present(_ route: Route) {
    entries.append(Entry(route, presentation: .modal))
  }

  /// Leaves the top screen.
  ///
  /// - Returns: the entry removed, or `nil` at the root, which stays.
  @discardableResult
  public mutating func pop() -> Entry? {
    guard canGoBack else { return nil }
    return entries.removeLast()
  }

  /// Closes the most recent modal screen and every screen pushed on it.
  ///
  /// - Returns: the entries removed, top first; empty when no modal screen is open.
  @discardableResult
  public mutating func dismiss() -> [Entry] {
    guard let index = entries.lastIndex(where: { $0.presentation == .modal }) else { return [] }
    let removed = Array(entries[index...].reversed())
    entries.removeSubrange(index...)
    return removed
  }

  /// Goes back to the root screen.
  ///
  /// - Returns: the entries removed, top first.
  @discardableResult
  public mutating func popToRoot() -> [Entry] {
    let removed = Array(entries.dropFirst().reversed())
    entries.removeSubrange(1...)
    return removed
  }

  /// Replaces the top screen with `route`, keeping how the top was shown (the root can be
  /// replaced too).
  public mutating func replaceTop(with route: Route) {
    entries[entries.count - 1].route = route
  }

  /// Removes every entry whose route matches `shouldRemove`, except the root; for a screen whose
  /// subject went away (a deleted item).
  ///
  /// - Returns: how many entries were removed.
  @discardableResult
  public mutating func removeAll(where shouldRemove: (Route) -> Bool) -> Int {
    let before = entries.count
    let root = entries[0]
    entries = [root] + entries.dropFirst().filter { !shouldRemove($0.route) }
    return before - entries.count
  }

  /// Whether `route` is on the stack.
  public func contains(_ route: Route) -> Bool {
    entries.contains { $0.route == route }
  }
}

extension RouteStack.Entry: Codable where Route: Codable {}
