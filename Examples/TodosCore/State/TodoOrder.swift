/// The order the list shows items in; a setting, saved.
public enum TodoOrder: String, Codable, CaseIterable, Sendable {
  /// The order they were added in.
  case added
  /// Soonest due date first; items without one keep their order, after the others.
  case dueDate

  /// `items` in this order (stable).
  public func sorted(_ items: [TodoItem]) -> [TodoItem] {
    switch self {
    case .added:
      return items
    case .dueDate:
      let dated = items.filter { $0.dueDate != nil }.enumerated().sorted { lhs, rhs in
        (lhs.element.dueDate!, lhs.offset) < (rhs.element.dueDate!, rhs.offset)
      }.map(\.element)
      return dated + items.filter { $0.dueDate == nil }
    }
  }
}
