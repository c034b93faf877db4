/// The part of ``TodosState`` kept on disk: everything but the draft.
public struct SavedTodos: Codable, Equatable, Sendable {
  public var items: [TodoItem]
  public var nextID: Int
  public var filter: TodoFilter

  public init(_ state: TodosState) {
    items = state.items
    nextID = state.nextID
    filter = state.filter
  }

  /// Puts the saved part into `state`.
  public func merge(into state: inout TodosState) {
    state.items = items
    state.nextID = nextID
    state.filter = filter
  }
}
