import KatanaUI
import TodosCore

/// The props of the not-found screen.
struct TodosNotFoundScreenProps: NodeDescriptionProps {
  var path = ""
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// What a link to an unknown path shows: where it led, and the way back to the list.
struct TodosNotFoundScreen: NodeDescription {
  var props: TodosNotFoundScreenProps

  static func childrenDescriptions(
    props: TodosNotFoundScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = TodosScreen.line
    let column = TodosScreen.column
    let title = "back to the list"
    return [
      Label(props: LabelProps.build { label in
        label.key = "notFound.message"
        label.frame = Rect(x: column, y: line, width: max(0, props.frame.width - 2 * column), height: line)
        label.text = "Nothing here: \(props.path) is not a page of this app."
        label.textColor = Theme.standard.text
        label.lineBreakMode = .byTruncatingTail
      }),
      Button(props: ButtonProps.build { button in
        button.key = "notFound.list"
        button.frame = Rect(x: column, y: line * 3, width: TodosScreen.buttonWidth(title), height: line)
        button.titles[.normal] = title
        Theme.standard.apply(to: &button)
        button.touchHandlers = [.touchUpInside: { dispatch(Navigation.PopToRoot<TodosState>()) }]
      }),
    ]
  }
}
