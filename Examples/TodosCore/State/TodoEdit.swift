/// What the detail screen's fields hold for one item while the user edits it, until saved.
///
/// Kept in the state (not saved to disk, untouched by undo) per item, so leaving the screen any
/// way (Esc, Back, the browser's Back) loses nothing: the edits are there on return. In a browser,
/// each tab has its own (``TodosState/sessionScope``).
public struct TodoEdit: Codable, Equatable, Sendable {
  public var title: String
  public var notes: String
  /// The due date as typed.
  public var dueDate: String
  /// Why the last save was refused, for the screen to show; `nil` when it was not.
  public var problem: String?

  /// The fields as `item` has them.
  public init(_ item: TodoItem) {
    title = item.title
    notes = item.notes
    dueDate = item.dueDate?.description ?? ""
    problem = nil
  }

  /// Whether the fields differ from `item`.
  public func differs(from item: TodoItem) -> Bool {
    var saved = TodoEdit(item)
    saved.problem = problem
    return saved != self
  }
}
