import KatanaUI
import TodosCore

/// The props of one item's row.
struct TodoRowProps: NodeDescriptionProps {
  var item = TodoItem(id: 0, title: "")
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// One item: a button showing `[x] title`. Enter, Space or a click toggles it; `x` or Delete
/// removes it. Other keys bubble to the screen.
struct TodoRow: NodeDescription {
  var props: TodoRowProps

  static func childrenDescriptions(
    props: TodoRowProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let id = props.item.id
    return [
      Button(props: ButtonProps.build { button in
        button.key = props.key.map { $0 + ".button" }
        button.frame = Rect(origin: .zero, size: props.frame.size)
        button.titles[.normal] = "[\(props.item.isDone ? "x" : " ")] \(props.item.title)"
        Theme.standard.apply(to: &button)
        if props.item.isDone { button.titleColors[.normal] = Theme.standard.secondaryText }
        button.touchHandlers = [.touchUpInside: { dispatch(TodoActions.Toggle(id: id)) }]
      })
    ]
  }

  static func handle(
    event: NodeEvent, props: TodoRowProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .key(let press) = event, press.modifiers.isEmpty else { return false }
    switch press.key {
    case .character("x"), .delete, .backspace:
      dispatch(TodoActions.Delete(id: props.item.id))
      return true
    default:
      return false
    }
  }
}
