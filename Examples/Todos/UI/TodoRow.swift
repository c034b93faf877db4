import KatanaUI
import TodosCore

/// The props of one item's row.
struct TodoRowProps: NodeDescriptionProps {
  var item = TodoItem(id: 0, title: "")
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// One item: a check box (`[x]`) that toggles it and its title, which opens the item's screen
/// (Enter or a click). `x`, Delete or Backspace removes it (``keyBindings(delete:)``). Other keys
/// bubble to the screen.
struct TodoRow: NodeDescription {
  var props: TodoRowProps

  /// The row's keys; `delete` is `nil` for the screen's help bar, which lists them.
  static func keyBindings(delete: (@MainActor () -> Void)?) -> [KeyBinding] {
    [KeyBinding(.character("x"), KeyPress(.delete), KeyPress(.backspace), help: "deletes", action: delete)]
  }

  static func childrenDescriptions(
    props: TodoRowProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let id = props.item.id
    let boxWidth = 4 * TodosScreen.column
    let titleColor = props.item.isDone ? Theme.standard.secondaryText : nil
    return [
      Checkbox(props: CheckboxProps.build { box in
        box.key = props.key.map { $0 + ".button" }
        box.frame = Rect(x: 0, y: 0, width: min(boxWidth, props.frame.width), height: props.frame.height)
        box.isChecked = props.item.isDone
        // The title beside it is a button of its own: the box is named after it.
        box.accessibility.label = "Done: \(props.item.title)"
        // The look of the buttons beside it (the theme's control colours), as the box was drawn.
        box.backgroundColor = Theme.standard.control
        box.textColor = titleColor ?? Theme.standard.onControl
        box.onToggle = { _ in dispatch(TodoActions.Toggle(id: id)) }
      }),
      Button(props: ButtonProps.build { button in
        button.key = props.key.map { $0 + ".title" }
        // As wide as the title (buttons centre their titles), so titles line up on the left.
        let titleWidth = Double(props.item.title.count + 1) * TodosScreen.column
        button.frame = Rect(
          x: boxWidth, y: 0, width: min(titleWidth, max(0, props.frame.width - boxWidth)), height: props.frame.height)
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
    let id = props.item.id
    return keyBindings(delete: { dispatch(TodoActions.Delete(id: id)) }).handle(event)
  }
}
