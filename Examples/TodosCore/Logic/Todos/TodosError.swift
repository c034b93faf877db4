/// Why a command was refused; the messages are for the person at the keyboard.
public enum TodosError: Error, Equatable, Sendable, CustomStringConvertible {
  case emptyTitle
  case titleTooLong(length: Int, maximum: Int)
  case noSuchItem(number: Int, count: Int)
  case nothingToUndo
  case nothingToRedo
  case invalidDueDate(String)
  case noSuchItemID(Int)

  public var description: String {
    switch self {
    case .emptyTitle: "a todo needs a title"
    case .titleTooLong(let length, let maximum): "the title has \(length) characters; the most is \(maximum)"
    case .noSuchItem(let number, 0): "there is no item \(number): the list is empty"
    case .noSuchItem(let number, let count): "there is no item \(number); pick 1 to \(count)"
    case .nothingToUndo: "nothing to undo"
    case .nothingToRedo: "nothing to redo"
    case .invalidDueDate(let text): "\"\(text)\" is not a date: write it as YYYY-MM-DD, e.g. 2026-12-24"
    case .noSuchItemID(let id): "there is no item \(id): it was deleted"
    }
  }
}
