/// Which items the list shows.
public enum TodoFilter: String, Codable, CaseIterable, Sendable {
  case all
  case active
  case done

  /// Whether `item` is shown under this filter.
  public func includes(_ item: TodoItem) -> Bool {
    switch self {
    case .all: true
    case .active: !item.isDone
    case .done: item.isDone
    }
  }

  /// The filter after this one, for a key that cycles through them.
  public var next: TodoFilter {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}
