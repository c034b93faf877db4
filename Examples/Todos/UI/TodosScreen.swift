import Katana
import KatanaPersistence
import KatanaUI
import TodosCore

/// The props of the screen, fed from the store.
struct TodosScreenProps: NodeDescriptionProps {
  var items: [TodoItem] = []
  var filter = TodoFilter.all
  var draft = ""
  var activeCount = 0
  var doneCount = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// TodoMVC: a field to add items, the filtered list, the count, the filters, clear done, undo
/// and redo. Imports no backend: the terminal runs it today, a browser can later.
///
/// Keys (bubbling from the focused element) are declared once, in ``keyBindings(props:dispatch:)``:
/// Ctrl-Z undoes, Ctrl-Y redoes; outside the field `f` cycles the filter, `c` clears done items and
/// `s` opens the settings. The help bar at the bottom is drawn from the same declarations (a
/// terminal line, or a browser's hints). The filter is a row of ``Tabs``. The items are the rows of a ``Table`` that mounts
/// only the rows near view; the backend scrolls it (in a terminal: the arrows, Page Up/Down and
/// the wheel; in a browser: natively) and keeps its scroll position across re-renders, because
/// the table stays mounted, even when empty.
struct TodosScreen: ConnectedNodeDescription {
  typealias StoreState = TodosState

  /// The element keys; their text is what tests look up.
  enum Keys: Hashable, CustomStringConvertible {
    case title, field, list, count, clearDone, undo, redo, help, empty, settings, filter
    case row(id: Int)

    var description: String {
      switch self {
      case .filter: "filter"
      case .row(let id): "row-\(id)"
      case .title: "title"
      case .field: "field"
      case .list: "list"
      case .count: "count"
      case .clearDone: "clearDone"
      case .undo: "undo"
      case .redo: "redo"
      case .help: "help"
      case .empty: "empty"
      case .settings: "settings"
      }
    }
  }

  var props: TodosScreenProps

  /// A line of text, in points: one terminal row on `CellGeometry.fontCell`, 16 CSS pixels in a
  /// browser.
  static let lineHeight = 16.0
  /// One character's width, in points (one terminal column on `fontCell`).
  static let column = 8.0

  static func connect(props: inout TodosScreenProps, to storeState: TodosState) {
    props.items = storeState.visibleItems
    props.filter = storeState.filter
    props.draft = storeState.draft
    props.activeCount = storeState.activeCount
    props.doneCount = storeState.doneCount
  }

  static func childrenDescriptions(
    props: TodosScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let width = props.frame.width
    let line = lineHeight
    let column = column
    var children: [AnyNodeDescription] = []
    // The field first, so the focus starts there.
    children.append(TextField(props: TextFieldProps.build { field in
      field.setKey(Keys.field)
      field.frame = Rect(x: column, y: line, width: max(0, width - 2 * column), height: line)
      field.text = props.draft
      field.placeholder = "What needs to be done? (Enter adds)"
      Theme.standard.apply(to: &field)
      field.onChange = { text in dispatch(TodoActions.EditDraft(text)) }
      field.onSubmit = { dispatch(TodoActions.SubmitDraft()) }
    }))

    // The footer's controls on one line when they fit (an 80-column terminal), else on two (a
    // phone's width): count and filters, then clear done, undo and redo.
    let filtersEnd = 16 * column + TodoFilter.allCases.reduce(0) { $0 + Double($1.rawValue.count + 3) * column }
    let footerWraps = filtersEnd + 22 * column > width - column
    let footerLines = footerWraps ? 2.0 : 1.0
    // The list fills the lines between the field and the bottom lines and scrolls: in a
    // terminal with the arrows, Page Up/Down and the wheel, in a browser natively. Only the rows
    // near the visible part are mounted, so a long list costs a few screens of rows.
    let listY = line * 3
    let footerY = max(listY + line, props.frame.height - line * (2 + footerLines))
    let listFrame = Rect(x: column, y: listY, width: max(0, width - 2 * column), height: footerY - listY)
    children.append(Table(props: TableProps.build { table in
      table.setKey(Keys.list)
      table.frame = listFrame
      table.delegate = TodoListDelegate(items: props.items, rowHeight: line)
      table.mountsOnlyVisibleRows = true
    }))
    if props.items.isEmpty {
      children.append(label(.empty, "nothing here", x: 3 * column, y: listY, width: width - 4 * column, color: Color(rgb: 0x7F7F7F)))
    }

    children.append(label(.title, "todos", x: 0, y: 0, width: width, color: Color(rgb: 0xAF5F5F), alignment: .center))
    children.append(button(.settings, "settings", x: max(0, width - 9 * column), y: 0) {
      dispatch(Navigation.Push<TodosState>(.settings))
    })
    children.append(label(
      .count, TodoListManager().countText(props.activeCount), x: column, y: footerY, width: 14 * column, color: Theme.standard.text))
    var x = 16 * column
    let filters = TodoFilter.allCases
    children.append(Tabs(props: TabsProps.build { tabs in
      tabs.setKey(Keys.filter)
      tabs.frame = Rect(x: x, y: footerY, width: filtersEnd - x, height: line)
      tabs.titles = filters.map(\.rawValue)
      tabs.selectedIndex = filters.firstIndex(of: props.filter) ?? 0
      tabs.accessibility.label = "Filter"
      tabs.onSelect = { index in dispatch(TodoActions.SetFilter(filters[index])) }
    }))
    x = filtersEnd
    let secondY = footerWraps ? footerY + line : footerY
    if footerWraps { x = 0 }
    if props.doneCount > 0 {
      children.append(button(.clearDone, "clear done", x: x + column, y: secondY) { dispatch(TodoActions.ClearDone()) })
    }
    x += 13 * column
    children.append(button(.undo, "undo", x: x, y: secondY) { dispatch(History<TodosState>.Undo()) })
    children.append(button(.redo, "redo", x: x + 5 * column, y: secondY) { dispatch(History<TodosState>.Redo()) })
    children.append(KeyHelpBar(props: KeyHelpBarProps.build { bar in
      bar.setKey(Keys.help)
      bar.frame = Rect(x: column, y: secondY + line, width: max(0, width - 2 * column), height: line)
      bar.bindings = helpBindings(props: props, dispatch: dispatch)
      bar.textColor = Color(rgb: 0x7F7F7F)
    }))
    return children
  }

  /// The screen's keys, each declared once: handled by ``handle(event:props:state:dispatch:update:)``
  /// and shown by the help bar.
  static func keyBindings(props: TodosScreenProps, dispatch: Dispatcher) -> [KeyBinding] {
    [
      KeyBinding(.character("f"), help: "filter") { dispatch(TodoActions.SetFilter(props.filter.next)) },
      KeyBinding(.character("c"), help: "clears done") { dispatch(TodoActions.ClearDone()) }.unlisted(),
      KeyBinding(.character("s"), help: "settings") { dispatch(Navigation.Push<TodosState>(.settings)) },
      KeyBinding(.character("z"), modifiers: .control, help: "undo") { dispatch(History<TodosState>.Undo()) },
      KeyBinding(.character("y"), modifiers: .control, help: "redo") { dispatch(History<TodosState>.Redo()) }
        .unlisted(),
    ]
  }

  /// What the help bar lists: the backend's own keys, the rows' keys, the screen's, and quitting.
  static func helpBindings(props: TodosScreenProps, dispatch: Dispatcher) -> [KeyBinding] {
    [KeyBinding(.tab, help: "moves", where: .terminal), KeyBinding(.enter, help: "opens")]
      + TodoRow.keyBindings(delete: nil) + keyBindings(props: props, dispatch: dispatch) + [.quit]
  }

  static func handle(
    event: NodeEvent, props: TodosScreenProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    keyBindings(props: props, dispatch: dispatch).handle(event)
  }

  private static func label(
    _ key: Keys, _ text: String, x: Double, y: Double, width: Double, color: Color,
    alignment: TextAlignment = .left
  ) -> AnyNodeDescription {
    Label(props: LabelProps.build { label in
      label.setKey(key)
      label.frame = Rect(x: x, y: y, width: max(0, width), height: lineHeight)
      label.text = text
      label.textColor = color
      label.textAlignment = alignment
      label.lineBreakMode = .byTruncatingTail
    })
  }

  private static func button(
    _ key: Keys, _ title: String, x: Double, y: Double, action: @escaping TouchHandlerClosure
  ) -> AnyNodeDescription {
    Button(props: ButtonProps.build { button in
      button.setKey(key)
      button.frame = Rect(x: x, y: y, width: Double(title.count) * column, height: lineHeight)
      button.titles[.normal] = title
      Theme.standard.apply(to: &button)
      button.touchHandlers = [.touchUpInside: action]
    })
  }
}
