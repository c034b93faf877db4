/// The part of ``TodosState`` kept on disk: the list and the settings (not the draft, the
/// unsaved edits or the screens open).
public struct SavedTodos: Codable, Equatable, Sendable {
  public var items: [TodoItem]
  public var nextID: Int
  public var filter: TodoFilter
  public var order: TodoOrder

  public init(_ state: TodosState) {
    items = state.items
    nextID = state.nextID
    filter = state.filter
    order = state.order
  }

  private enum CodingKeys: String, CodingKey {
    case items, nextID, filter, order
  }

  /// Reads a saved list; files written before the order setting existed use ``TodoOrder/added``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    items = try container.decode([TodoItem].self, forKey: .items)
    nextID = try container.decode(Int.self, forKey: .nextID)
    filter = try container.decode(TodoFilter.self, forKey: .filter)
    order = try container.decodeIfPresent(TodoOrder.self, forKey: .order) ?? .added
  }

  /// Puts the saved part into `state`.
  public func merge(into state: inout TodosState) {
    state.items = items
    state.nextID = nextID
    state.filter = filter
    state.order = order
  }
}
