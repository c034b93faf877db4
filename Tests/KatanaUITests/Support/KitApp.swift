import Katana
import KatanaUI

/// The state of the widget-kit test screen.
struct KitState: State, Equatable {
  var isPinned = false
  var tab = 0
  var sort = 0
  var body = TextDocument("first line\nsecond line")
  var isConfirming = false
  var deleted = 0
  var progress: Double?
  var toast: String?
}

struct SetPinned: StateUpdater {
  let value: Bool
  func updateState(_ state: inout KitState) { state.isPinned = value }
}

struct SetTab: StateUpdater {
  let index: Int
  func updateState(_ state: inout KitState) { state.tab = index }
}

struct SetSort: StateUpdater {
  let index: Int
  func updateState(_ state: inout KitState) { state.sort = index }
}

struct EditBody: StateUpdater {
  let edit: TextEdit
  func updateState(_ state: inout KitState) { state.body.apply(edit) }
}

struct SetConfirming: StateUpdater {
  let value: Bool
  func updateState(_ state: inout KitState) { state.isConfirming = value }
}

struct ConfirmDelete: StateUpdater {
  func updateState(_ state: inout KitState) {
    state.deleted += 1
    state.isConfirming = false
  }
}

struct SetProgress: StateUpdater {
  let value: Double?
  func updateState(_ state: inout KitState) { state.progress = value }
}

struct SetToast: StateUpdater {
  let text: String?
  func updateState(_ state: inout KitState) { state.toast = text }
}

typealias KitStore = Store<KitState, EmptySideEffectDependencyContainer>

struct KitScreenProps: NodeDescriptionProps {
  var state = KitState()
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// One of every kit element, each wired to the store; `d` opens the confirm dialog.
struct KitScreen: ConnectedNodeDescription {
  typealias StoreState = KitState
  var props: KitScreenProps

  static func connect(props: inout KitScreenProps, to storeState: KitState) {
    props.state = storeState
  }

  static func keyBindings(dispatch: Dispatcher) -> [KeyBinding] {
    [
      KeyBinding(.tab, help: "moves", where: .terminal),
      KeyBinding(.character("d"), help: "deletes") { dispatch(SetConfirming(value: true)) },
      KeyBinding(.character("z"), modifiers: .control, help: "undo") { dispatch(SetTab(index: 0)) },
      .quit,
    ]
  }

  static func childrenDescriptions(
    props: KitScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let current = props.state
    var children: [AnyNodeDescription] = [
      Tabs(props: TabsProps.build {
        $0.key = "tabs"
        $0.frame = Rect(x: 0, y: 0, width: 320, height: 16)
        $0.titles = ["All", "Work", "Home"]
        $0.selectedIndex = current.tab
        $0.onSelect = { dispatch(SetTab(index: $0)) }
      }),
      Checkbox(props: CheckboxProps.build {
        $0.key = "pinned"
        $0.frame = Rect(x: 0, y: 16, width: 160, height: 16)
        $0.title = "Pinned"
        $0.style = .switch
        $0.isChecked = current.isPinned
        $0.onToggle = { dispatch(SetPinned(value: $0)) }
      }),
      Picker(props: PickerProps.build {
        $0.key = "sort"
        $0.frame = Rect(x: 160, y: 16, width: 160, height: 16)
        $0.title = "Sort by"
        $0.options = ["Newest", "Oldest", "Title"]
        $0.selectedIndex = current.sort
        $0.onSelect = { dispatch(SetSort(index: $0)) }
      }),
      TextArea(props: TextAreaProps.build {
        $0.key = "body"
        $0.frame = Rect(x: 0, y: 32, width: 320, height: 64)
        $0.document = current.body
        $0.placeholder = "Note"
        $0.onEdit = { dispatch(EditBody(edit: $0)) }
      }),
      ProgressBar(props: ProgressBarProps.build {
        $0.key = "progress"
        $0.frame = Rect(x: 0, y: 96, width: 160, height: 16)
        $0.title = "Importing"
        $0.value = current.progress
      }),
      ActivityIndicator(props: ActivityIndicatorProps.build {
        $0.key = "spinner"
        $0.frame = Rect(x: 160, y: 96, width: 160, height: 16)
        $0.title = "Searching"
      }),
      ScrollView(props: ScrollViewProps.build {
        $0.key = "viewport"
        $0.frame = Rect(x: 0, y: 112, width: 320, height: 32)
        $0.children = (0..<10).map { line in
          Label(props: LabelProps.build {
            $0.key = "line\(line)"
            $0.frame = Rect(x: 0, y: Double(line) * 16, width: 300, height: 16)
            $0.text = "line \(line)"
          })
        }
      }),
      StatusLine(props: StatusProps.build {
        $0.key = "status"
        $0.frame = Rect(x: 0, y: 144, width: 320, height: 16)
        $0.text = "\(current.body.lineCount) lines"
      }),
      KeyHelpBar(props: KeyHelpBarProps.build {
        $0.key = "help"
        $0.frame = Rect(x: 0, y: 160, width: 320, height: 16)
        $0.bindings = keyBindings(dispatch: dispatch)
      }),
    ]
    if let toast = current.toast {
      children.append(Toast(props: StatusProps.build {
        $0.key = "toast"
        $0.frame = Rect(x: 80, y: 128, width: 160, height: 16)
        $0.text = toast
      }))
    }
    if current.isConfirming {
      children.append(Dialog.confirm(
        title: "Delete note?", message: "It goes for good.", confirmTitle: "Delete",
        in: Size(width: props.frame.width, height: props.frame.height),
        onConfirm: { dispatch(ConfirmDelete()) }, onCancel: { dispatch(SetConfirming(value: false)) }))
    }
    return children
  }

  static func handle(
    event: NodeEvent, props: KitScreenProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    keyBindings(dispatch: dispatch).handle(event)
  }
}
