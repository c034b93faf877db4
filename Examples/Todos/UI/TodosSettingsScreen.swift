import KatanaUI
import TodosCore

/// The settings (the list's order, saved with the list) and what the keys do.
struct TodosSettingsScreen: ConnectedNodeDescription {
  typealias StoreState = TodosState

  /// The element keys; their text is what tests look up.
  enum Keys: Hashable, CustomStringConvertible {
    case orderLabel, summary, keys(Int)
    case order(TodoOrder)

    var description: String {
      switch self {
      case .orderLabel: "settings.orderLabel"
      case .summary: "settings.summary"
      case .keys(let index): "settings.keys-\(index)"
      case .order(let order): "settings.order-\(order.rawValue)"
      }
    }
  }

  var props: TodosSettingsScreenProps

  static let keyHelp = [
    "List: Tab or arrows move · Enter on a title opens it · Enter on [ ] toggles",
    "      x deletes · f filter · c clear done · s settings · ^Z undo · ^Y redo",
    "Item: Enter in a field saves · Esc leaves a field, then goes back",
    "Everywhere: Esc goes back · ^Q quits",
  ]

  static func connect(props: inout TodosSettingsScreenProps, to storeState: TodosState) {
    props.order = storeState.order
    props.itemCount = storeState.items.count
    props.doneCount = storeState.doneCount
  }

  static func childrenDescriptions(
    props: TodosSettingsScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = TodosScreen.line
    let column = TodosScreen.column
    let width = max(0, props.frame.width - 2 * column)
    var children: [AnyNodeDescription] = []
    var x = 16 * column
    for order in TodoOrder.allCases {
      let name = order == .added ? "as added" : "by due date"
      let title = order == props.order ? "[\(name)]" : " \(name) "
      children.append(Button(props: ButtonProps.build { button in
        button.setKey(Keys.order(order))
        button.frame = Rect(x: x, y: line, width: TodosScreen.buttonWidth(title), height: line)
        button.accessibility.label = "Order \(name)"
        button.accessibility.isSelected = order == props.order
        button.titles[.normal] = title
        Theme.standard.apply(to: &button)
        button.touchHandlers = [.touchUpInside: { dispatch(TodoActions.SetOrder(order)) }]
      }))
      x += TodosScreen.buttonWidth(title) + column
    }
    children.append(label(.orderLabel, "List order", y: line, width: 14 * column))
    children.append(label(
      .summary, "\(props.itemCount) items, \(props.doneCount) done; saved after every change", y: line * 3,
      width: width))
    for (index, text) in keyHelp.enumerated() {
      children.append(label(.keys(index), text, y: line * Double(5 + index), width: width))
    }
    return children
  }

  @MainActor private static func label(_ key: Keys, _ text: String, y: Double, width: Double) -> AnyNodeDescription {
    Label(props: LabelProps.build { label in
      label.setKey(key)
      label.frame = Rect(x: TodosScreen.column, y: y, width: width, height: TodosScreen.line)
      label.text = text
      label.textColor = Theme.standard.secondaryText
      label.lineBreakMode = .byTruncatingTail
    })
  }
}
