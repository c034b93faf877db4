public import Katana
public import KatanaUI

/// The whole app: the list, the filter, what is being typed, and the screens open.
public struct TodosState: State, Codable, Equatable, NavigableState {
  /// Every item, in the order they were added.
  public var items: [TodoItem] = []
  /// The id the next item gets.
  public var nextID = 1
  public var filter = TodoFilter.all
  /// The order the list shows items in (a setting).
  public var order = TodoOrder.added
  /// The new item's title as typed so far; not saved, and not touched by undo. In a browser, each
  /// tab's own (``sessionScope``).
  public var draft = ""
  /// The detail screen's unsaved fields, per item id; not saved, and not touched by undo.
  public var edits: [Int: TodoEdit] = [:]
  /// The screens open, the list at the bottom. Not saved (a launch opens the list; a browser's
  /// address restores the screen), and not touched by undo (undo changes the list, not where
  /// the user is).
  public var routes = RouteStack(root: TodosRoute.list)

  public init() {}

  /// The items the filter shows, in the chosen order.
  public var visibleItems: [TodoItem] { order.sorted(items.filter(filter.includes)) }
  /// How many items are not done.
  public var activeCount: Int { items.count { !$0.isDone } }
  /// How many items are done.
  public var doneCount: Int { items.count - activeCount }

  /// The item with `id`, if it exists.
  public func item(id: Int) -> TodoItem? {
    items.first { $0.id == id }
  }

  /// The fields the detail screen shows for `id`: the unsaved edits, else the item's values.
  public func edit(id: Int) -> TodoEdit? {
    edits[id] ?? item(id: id).map(TodoEdit.init)
  }
}
