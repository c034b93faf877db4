import KatanaUI
import TodosCore

/// The rows of the list screen's ``Table``: one ``TodoRow`` per item the filter shows, one line
/// tall.
///
/// A plain value built from the screen's props, so an unchanged list compares equal and the table
/// skips its rows.
struct TodoListDelegate: TableDelegate {
  /// The items shown, top to bottom.
  var items: [TodoItem]
  /// A row's height, in points: one terminal line.
  var rowHeight: Double

  func numberOfRows(forSection section: Int) -> Int { items.count }

  func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription {
    var row = TodoRowProps()
    let item = items[indexPath.row]
    row.item = item
    row.setKey(TodosScreen.Keys.row(id: item.id))
    return TodoRow(props: row)
  }

  func height(forRowAt indexPath: TableIndexPath) -> Value { .fixed(rowHeight) }

  func isEqual(to other: any TableDelegate) -> Bool {
    guard let other = other as? TodoListDelegate else { return false }
    return items == other.items && rowHeight == other.rowHeight
  }
}
