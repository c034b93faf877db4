import KatanaUI
import TodosCore

/// The props of one item's row.
struct TodoRowProps: NodeDescriptionProps {
  var item = TodoItem(id: 0, title: "")
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// One item: a `[x]` box that toggles it and its title, which opens the item's screen (Enter or
/// a click on either). `x` or Delete removes it. Other keys bubble to the screen.
struct TodoRow: NodeDescription {
  var props: TodoRowProps

  static func childrenDescriptions(
    props: TodoRowProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let id = props.item.id
    let box = max(4 * TodosScreen.column, RenderingMedium.current.minimumTargetSize.width)
    let titleColor = props.item.isDone ? Theme.standard.secondaryText : nil
    return [
      Button(props: ButtonProps.build { button in
        button.key = props.key.map { $0 + ".button" }
        button.frame = Rect(x: 0, y: 0, width: min(box, props.frame.width), height: props.frame.height)
        button.titles[.normal] = "[\(props.item.isDone ? "x" : " ")]"
        // A checkbox to assistive technology (and an <input type=checkbox> in a browser).
        button.accessibility = .checkbox(isChecked: props.item.isDone, label: "Done: \(props.item.title)")
        Theme.standard.apply(to: &button)
        if let titleColor { button.titleColors[.normal] = titleColor }
        button.touchHandlers = [.touchUpInside: { dispatch(TodoActions.Toggle(id: id)) }]
      }),
      Button(props: ButtonProps.build { button in
        button.key = props.key.map { $0 + ".title" }
        // As wide as the title (buttons centre their titles), so titles line up on the left.
        let titleWidth = Double(props.item.title.count + 1) * TodosScreen.column
        let width = max(titleWidth, RenderingMedium.current.minimumTargetSize.width)
        button.frame = Rect(x: box, y: 0, width: min(width, max(0, props.frame.width - box)), height: props.frame.height)
        button.titles[.normal] = props.item.title
        Theme.standard.apply(to: &button)
        if let titleColor { button.titleColors[.normal] = titleColor }
        button.touchHandlers = [.touchUpInside: { dispatch(Navigation.Push<TodosState>(.item(id: id))) }]
      }),
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
