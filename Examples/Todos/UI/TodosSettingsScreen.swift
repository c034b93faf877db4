import KatanaUI
import TodosCore

/// The settings (the list's order, saved with the list) and what the keys do.
struct TodosSettingsScreen: ConnectedNodeDescription {
  typealias StoreState = TodosState

  /// The element keys; their text is what tests look up.
  enum Keys: Hashable, CustomStringConvertible {
    case orderLabel, summary, order, keys(Int), keysTitle(Int)

    var description: String {
      switch self {
      case .orderLabel: "settings.orderLabel"
      case .summary: "settings.summary"
      case .keys(let index): "settings.keys-\(index)"
      case .keysTitle(let index): "settings.keysTitle-\(index)"
      case .order: "settings.order"
      }
    }
  }

  var props: TodosSettingsScreenProps

  /// The keys of every screen, from their own declarations (listed or not), under a title each.
  static func keyHelp(list: TodosScreenProps) -> [(title: String, bindings: [KeyBinding])] {
    func listed(_ bindings: [KeyBinding]) -> [KeyBinding] {
      bindings.map { binding in
        var binding = binding
        binding.isListed = true
        return binding
      }
    }
    return [
      ("List:", listed(TodoRow.keyBindings(delete: nil) + TodosScreen.keyBindings(props: list, dispatch: .none))),
      ("Item:", listed(TodoDetailScreen.helpBindings(dispatch: .none))),
      ("Everywhere:", [KeyBinding(.escape, help: "goes back"), .quit]),
    ]
  }

  static func connect(props: inout TodosSettingsScreenProps, to storeState: TodosState) {
    props.order = storeState.order
    props.itemCount = storeState.items.count
    props.doneCount = storeState.doneCount
  }

  static func childrenDescriptions(
    props: TodosSettingsScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = TodosScreen.lineHeight
    let column = TodosScreen.column
    let width = max(0, props.frame.width - 2 * column)
    var children: [AnyNodeDescription] = []
    let orders = TodoOrder.allCases
    children.append(Picker(props: PickerProps.build { picker in
      picker.setKey(Keys.order)
      picker.frame = Rect(x: 16 * column, y: line, width: 18 * column, height: line)
      picker.title = "List order"
      picker.options = orders.map { $0 == .added ? "as added" : "by due date" }
      picker.selectedIndex = orders.firstIndex(of: props.order) ?? 0
      picker.onSelect = { index in dispatch(TodoActions.SetOrder(orders[index])) }
    }))
    children.append(label(.orderLabel, "List order", y: line, width: 14 * column))
    children.append(label(
      .summary, "\(props.itemCount) items, \(props.doneCount) done; saved after every change", y: line * 3,
      width: width))
    for (index, group) in keyHelp(list: TodosScreenProps()).enumerated() {
      let y = line * Double(5 + index)
      let titleWidth = Double(group.title.count + 1) * column
      children.append(label(.keysTitle(index), group.title, y: y, width: titleWidth))
      children.append(KeyHelpBar(props: KeyHelpBarProps.build { bar in
        bar.setKey(Keys.keys(index))
        bar.frame = Rect(x: column + titleWidth, y: y, width: max(0, width - titleWidth), height: line)
        bar.bindings = group.bindings
        bar.textColor = Theme.standard.secondaryText
      }))
    }
    return children
  }

  private static func label(_ key: Keys, _ text: String, y: Double, width: Double) -> AnyNodeDescription {
    Label(props: LabelProps.build { label in
      label.setKey(key)
      label.frame = Rect(x: TodosScreen.column, y: y, width: width, height: TodosScreen.lineHeight)
      label.text = text
      label.textColor = Theme.standard.secondaryText
      label.lineBreakMode = .byTruncatingTail
    })
  }
}
