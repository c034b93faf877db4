import Katana
import KatanaPersistence
import KatanaUI
import TodosCore

/// One item: done or not, title, notes and due date. The fields keep what is typed in the state
/// (``TodosState/edits``); Enter in a field or Save stores them as one undoable change. Esc (out
/// of a field), the title bar's Back, or the browser's Back return to the list; unsaved edits
/// wait there for the next visit.
struct TodoDetailScreen: ConnectedNodeDescription {
  typealias StoreState = TodosState

  /// The element keys; their text is what tests look up.
  enum Keys: String {
    case done = "detail.done", delete = "detail.delete"
    case titleLabel = "detail.titleLabel", title = "detail.title"
    case notesLabel = "detail.notesLabel", notes = "detail.notes"
    case dueDateLabel = "detail.dueDateLabel", dueDate = "detail.dueDate"
    case save = "detail.save", revert = "detail.revert", status = "detail.status", help = "detail.help"
    case missing = "detail.missing"
  }

  var props: TodoDetailScreenProps

  static func connect(props: inout TodoDetailScreenProps, to storeState: TodosState) {
    props.item = storeState.item(id: props.id)
    props.edit = storeState.edit(id: props.id)
  }

  static func childrenDescriptions(
    props: TodoDetailScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = TodosScreen.lineHeight
    let column = TodosScreen.column
    let width = max(0, props.frame.width - 2 * column)
    let id = props.id
    guard let item = props.item, let edit = props.edit else {
      return [label(.missing, "There is no item \(id): it was deleted, or the link is wrong. Esc goes back.",
        y: line, width: width, color: Theme.standard.secondaryText)]
    }
    // The done box first: the focus starts there, so Esc goes straight back; Tab then walks the
    // fields, and delete comes last.
    var children: [AnyNodeDescription] = [
      button(.done, item.isDone ? "[x] done" : "[ ] done", x: column, y: line) { dispatch(TodoActions.Toggle(id: id)) }
    ]
    var y = line * 3
    for (field, name, text, placeholder) in [
      (TodoField.title, "Title", edit.title, "What needs to be done?"),
      (.notes, "Notes", edit.notes, "Anything worth remembering"),
      (.dueDate, "Due date", edit.dueDate, "YYYY-MM-DD, or empty"),
    ] {
      let keys = fieldKeys(field)
      children.append(label(keys.label, name, y: y, width: 10 * column, color: Theme.standard.secondaryText))
      children.append(TextField(props: TextFieldProps.build { textField in
        textField.key = keys.field.rawValue
        textField.frame = Rect(x: 11 * column, y: y, width: max(0, width - 10 * column), height: line)
        textField.text = text
        textField.placeholder = placeholder
        Theme.standard.apply(to: &textField)
        textField.onChange = { dispatch(TodoActions.EditField(id: id, field, $0)) }
        textField.onSubmit = { dispatch(TodoActions.SaveEdit(id: id)) }
      }))
      y += line * 2
    }
    children.append(button(.delete, "delete", x: column + width - 6 * column, y: line) {
      dispatch(TodoActions.DeleteShown(id: id))
    })
    let changed = edit.differs(from: item)
    children.append(button(.save, "save", x: column, y: y) { dispatch(TodoActions.SaveEdit(id: id)) })
    children.append(button(.revert, "revert", x: 7 * column, y: y) { dispatch(TodoActions.DiscardEdit(id: id)) })
    let status = edit.problem ?? (changed ? "unsaved changes" : "saved")
    children.append(label(
      .status, status, x: 15 * column, y: y, width: max(0, width - 14 * column),
      color: edit.problem == nil ? Theme.standard.secondaryText : Theme.standard.negative))
    children.append(KeyHelpBar(props: KeyHelpBarProps.build { bar in
      bar.key = Keys.help.rawValue
      bar.frame = Rect(x: TodosScreen.column, y: y + 2 * line, width: max(0, width), height: line)
      bar.bindings = helpBindings(dispatch: dispatch)
      bar.textColor = Theme.standard.secondaryText
    }))
    return children
  }

  /// The screen's keys, each declared once: handled by ``handle(event:props:state:dispatch:update:)``
  /// and shown by the help bar.
  static func keyBindings(dispatch: Dispatcher) -> [KeyBinding] {
    [
      KeyBinding(.character("z"), modifiers: .control, help: "undo") { dispatch(History<TodosState>.Undo()) },
      KeyBinding(.character("y"), modifiers: .control, help: "redo") { dispatch(History<TodosState>.Redo()) }
        .unlisted(),
    ]
  }

  /// What the help bar lists: the backend's own keys (the fields' Enter and Esc), then the screen's.
  static func helpBindings(dispatch: Dispatcher) -> [KeyBinding] {
    [
      KeyBinding(.tab, help: "moves", where: .terminal),
      KeyBinding(.enter, help: "saves"),
      KeyBinding(.escape, help: "leaves a field, then goes back"),
    ] + keyBindings(dispatch: dispatch)
  }

  static func handle(
    event: NodeEvent, props: TodoDetailScreenProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    keyBindings(dispatch: dispatch).handle(event)
  }

  private static func fieldKeys(_ field: TodoField) -> (label: Keys, field: Keys) {
    switch field {
    case .title: (.titleLabel, .title)
    case .notes: (.notesLabel, .notes)
    case .dueDate: (.dueDateLabel, .dueDate)
    }
  }

  private static func label(
    _ key: Keys, _ text: String, x: Double = TodosScreen.column, y: Double, width: Double, color: Color
  ) -> AnyNodeDescription {
    Label(props: LabelProps.build { label in
      label.key = key.rawValue
      label.frame = Rect(x: x, y: y, width: max(0, width), height: TodosScreen.lineHeight)
      label.text = text
      label.textColor = color
      label.lineBreakMode = .byTruncatingTail
    })
  }

  private static func button(
    _ key: Keys, _ title: String, x: Double, y: Double, action: @escaping TouchHandlerClosure
  ) -> AnyNodeDescription {
    Button(props: ButtonProps.build { button in
      button.key = key.rawValue
      button.frame = Rect(x: x, y: y, width: Double(title.count) * TodosScreen.column, height: TodosScreen.lineHeight)
      button.titles[.normal] = title
      Theme.standard.apply(to: &button)
      button.touchHandlers = [.touchUpInside: action]
    })
  }
}
