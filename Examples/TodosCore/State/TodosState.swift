public import Katana

/// The whole app: the list, the filter, and the text being typed.
public struct TodosState: State, Codable, Equatable {
  /// Every item, in the order they were added.
  public var items: [TodoItem] = []
  /// The id the next item gets.
  public var nextID = 1
  public var filter = TodoFilter.all
  /// The new item's title as typed so far; not saved, and not touched by undo.
  public var draft = ""

  public init() {}

  /// The items the filter shows.
  public var visibleItems: [TodoItem] { items.filter(filter.includes) }
  /// How many items are not done.
  public var activeCount: Int { items.count { !$0.isDone } }
  /// How many items are done.
  public var doneCount: Int { items.count - activeCount }
}
