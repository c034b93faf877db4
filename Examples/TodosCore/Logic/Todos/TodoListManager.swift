import Foundation

/// The list's rules, kept out of the dispatchables so that side effects stay short and the rules
/// are tested alone.
public struct TodoListManager: Sendable {
  /// The longest title accepted, in characters.
  public let maximumTitleLength: Int

  /// - Parameter maximumTitleLength: the longest title accepted, in characters.
  public init(maximumTitleLength: Int = 200) {
    self.maximumTitleLength = maximumTitleLength
  }

  /// The title to store for what the user typed: trimmed, and refused when empty or too long.
  ///
  /// - Parameter text: what the user typed.
  public func title(from text: String) throws(TodosError) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .emptyTitle }
    guard trimmed.count <= maximumTitleLength else {
      throw .titleTooLong(length: trimmed.count, maximum: maximumTitleLength)
    }
    return trimmed
  }

  /// The item shown as `number` (1-based, over every item, as `Todos list` numbers them).
  ///
  /// - Parameters:
  ///   - number: the item's number in the listing.
  ///   - state: the list to look in.
  public func item(number: Int, in state: TodosState) throws(TodosError) -> TodoItem {
    guard number >= 1, number <= state.items.count else {
      throw .noSuchItem(number: number, count: state.items.count)
    }
    return state.items[number - 1]
  }

  /// One line per item, numbered, with a check box: `2. [x] milk`.
  ///
  /// - Parameter state: the list to show.
  public func listing(of state: TodosState) -> [String] {
    state.items.enumerated().map { index, item in
      "\(index + 1). [\(item.isDone ? "x" : " ")] \(item.title)"
    }
  }

  /// "1 item left", "3 items left".
  ///
  /// - Parameter count: how many items are left.
  public func countText(_ count: Int) -> String {
    count == 1 ? "1 item left" : "\(count) items left"
  }
}
