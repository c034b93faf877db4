import KatanaUI
import TodosCore

/// The props of an item's screen: the id from the route, the rest fed from the store.
struct TodoDetailScreenProps: NodeDescriptionProps {
  var id = 0
  /// The item, or `nil` when it does not exist (deleted, undone, or a link to a wrong id).
  var item: TodoItem?
  /// The fields as the user typed them.
  var edit: TodoEdit?
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}
