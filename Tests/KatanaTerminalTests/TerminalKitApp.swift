import Katana
import KatanaUI

/// The state of the terminal's widget-kit test screen.
struct TerminalKitState: State, Equatable {
  var tab = 0
  var isPinned = false
  var sort = 0
  var body = TextDocument("")
  var isConfirming = false
  var progress: Double? = 0.5
  var isSearching = true
}

struct TerminalKitUpdate: StateUpdater {
  let change: @Sendable (inout TerminalKitState) -> Void
  func updateState(_ state: inout TerminalKitState) { change(&state) }
}

struct TerminalKitProps: NodeDescriptionProps {
  var state = TerminalKitState()
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// One of each kit element on a 40×12 terminal with `CellGeometry.fontCell` (one line is 16
/// points, one column 8): tabs, a switch and a picker, a 3-row text area, a progress bar and a
/// spinner, a 2-row scroll view of 6 lines, the help line; `d` opens a confirm dialog.
struct TerminalKitScreen: ConnectedNodeDescription {
  typealias StoreState = TerminalKitState
  var props: TerminalKitProps

  static func connect(props: inout TerminalKitProps, to storeState: TerminalKitState) {
    props.state = storeState
  }

  static func bindings(_ dispatch: Dispatcher) -> [KeyBinding] {
    [
      KeyBinding(.tab, help: "moves", where: .terminal),
      KeyBinding(.character("d"), help: "deletes") { dispatch(TerminalKitUpdate { $0.isConfirming = true }) },
      .quit,
    ]
  }

  static func childrenDescriptions(
    props: TerminalKitProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let current = props.state
    func line(_ row: Int, _ x: Int = 0, width: Int = 40) -> Rect {
      Rect(x: Double(x) * 8, y: Double(row) * 16, width: Double(width) * 8, height: 16)
    }
    var children: [AnyNodeDescription] = [
      Tabs(props: TabsProps.build {
        $0.key = "tabs"
        $0.frame = line(0)
        $0.titles = ["All", "Work", "Home"]
        $0.selectedIndex = current.tab
        $0.onSelect = { index in dispatch(TerminalKitUpdate { $0.tab = index }) }
      }),
      Checkbox(props: CheckboxProps.build {
        $0.key = "pinned"
        $0.frame = line(1, width: 14)
        $0.title = "Pinned"
        $0.style = .switch
        $0.isChecked = current.isPinned
        $0.onToggle = { value in dispatch(TerminalKitUpdate { $0.isPinned = value }) }
      }),
      Picker(props: PickerProps.build {
        $0.key = "sort"
        $0.frame = line(1, 16, width: 16)
        $0.title = "Sort by"
        $0.options = ["Newest", "Oldest", "Title"]
        $0.selectedIndex = current.sort
        $0.onSelect = { index in dispatch(TerminalKitUpdate { $0.sort = index }) }
      }),
      TextArea(props: TextAreaProps.build {
        $0.key = "body"
        $0.frame = Rect(x: 0, y: 32, width: 11 * 8, height: 48)
        $0.document = current.body
        $0.placeholder = "Note"
        $0.onEdit = { edit in dispatch(TerminalKitUpdate { $0.body.apply(edit) }) }
      }),
      ProgressBar(props: ProgressBarProps.build {
        $0.key = "progress"
        $0.frame = line(5, width: 20)
        $0.value = current.progress
      }),
      ActivityIndicator(props: ActivityIndicatorProps.build {
        $0.key = "spinner"
        $0.frame = line(5, 22, width: 18)
        $0.title = "Searching"
        $0.isAnimating = current.isSearching
      }),
      ScrollView(props: ScrollViewProps.build {
        $0.key = "viewport"
        $0.frame = Rect(x: 0, y: 6 * 16, width: 20 * 8, height: 32)
        $0.children = (0..<6).map { index in
          Label(props: LabelProps.build {
            $0.frame = Rect(x: 0, y: Double(index) * 16, width: 19 * 8, height: 16)
            $0.text = "line \(index)"
          })
        }
      }),
      KeyHelpBar(props: KeyHelpBarProps.build {
        $0.key = "help"
        $0.frame = line(11)
        $0.bindings = bindings(dispatch)
      }),
    ]
    if current.isConfirming {
      children.append(Dialog.confirm(
        title: "Delete?", message: "Gone for good.", confirmTitle: "Delete",
        in: Size(width: props.frame.width, height: props.frame.height),
        onConfirm: { dispatch(TerminalKitUpdate { $0.isConfirming = false; $0.body = TextDocument("") }) },
        onCancel: { dispatch(TerminalKitUpdate { $0.isConfirming = false }) }))
    }
    return children
  }

  static func handle(
    event: NodeEvent, props: TerminalKitProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    bindings(dispatch).handle(event)
  }
}
