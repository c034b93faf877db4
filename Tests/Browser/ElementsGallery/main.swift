import Foundation
import Katana
import KatanaUI
import KatanaWeb

// A fixture app for the browser tests: one of every element KatanaUI has (View, Label, Button,
// a Button that is a checkbox, TouchHandler, TextField, Table with windowed rows, Image, and the
// widget kit: Checkbox in both styles, Tabs, Picker, TextArea, ProgressBar, ActivityIndicator,
// ScrollView, StatusLine, Toast, KeyHelpBar, a confirm Dialog), each wired to the store, so a
// test can drive each through the page and read the result in the summary label.
// Usage: ElementsGallery --web --port N   (the flags the examples take; --web is implied)

struct GalleryState: State {
  var text = ""
  var taps = 0
  var secondaryTaps = 0
  var row = -1
  var buttonPresses = 0
  var isPinned = false
  var isDone = true
  var isRead = true
  var tab = 0
  var sort = 0
  var body = TextDocument("first line\nsecond line")
  var isConfirming = false
  var deleted = 0
  var progress = 0.25
}

/// A change to the widget kit's part of the state.
struct Change: StateUpdater {
  let change: @Sendable (inout GalleryState) -> Void
  func updateState(_ state: inout GalleryState) { change(&state) }
}

struct SetText: StateUpdater {
  let text: String
  func updateState(_ state: inout GalleryState) { state.text = text }
}

struct Tap: StateUpdater {
  let secondary: Bool
  func updateState(_ state: inout GalleryState) {
    if secondary { state.secondaryTaps += 1 } else { state.taps += 1 }
  }
}

struct SelectRow: StateUpdater {
  let row: Int
  func updateState(_ state: inout GalleryState) { state.row = row }
}

struct PressButton: StateUpdater {
  func updateState(_ state: inout GalleryState) { state.buttonPresses += 1 }
}

struct Rows: TableDelegate {
  func numberOfRows(forSection section: Int) -> Int { 50 }
  func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription {
    Label(props: LabelProps.build {
      $0.text = "row \(indexPath.row)"
      $0.backgroundColor = indexPath.row % 2 == 0 ? Color(rgb: 0xEEEEEE) : .white
    })
  }
  func height(forRowAt indexPath: TableIndexPath) -> Value { .fixed(20) }
  func isEqual(to other: any TableDelegate) -> Bool { other is Rows }
  @MainActor func didTapRow(at indexPath: TableIndexPath, dispatch: Dispatcher) {
    dispatch(SelectRow(row: indexPath.row))
  }
}

struct GalleryProps: NodeDescriptionProps {
  var state = GalleryState()
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

extension GalleryState: Equatable {}

struct Gallery: ConnectedNodeDescription {
  typealias StoreState = GalleryState
  var props: GalleryProps

  static func connect(props: inout GalleryProps, to storeState: GalleryState) {
    props.state = storeState
  }

  static func childrenDescriptions(
    props: GalleryProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let current = props.state
    // The controls flow left to right and wrap at the window's edge, so a phone shows them all.
    let width = max(props.frame.width, 120)
    var flow = (x: 10.0, y: 40.0)
    func place(_ itemWidth: Double) -> Rect {
      if flow.x > 10, flow.x + itemWidth > width - 10 { flow = (10, flow.y + 34) }
      let frame = Rect(x: flow.x, y: flow.y, width: min(itemWidth, width - 20), height: 24)
      flow.x += itemWidth + 10
      return frame
    }
    let pressFrame = place(100)
    let fieldFrame = place(200)
    let handlerFrame = place(120)
    let imageFrame = place(60)
    let readFrame = place(40)
    let tableTop = flow.y + 40
    let kitTop = tableTop + 110
    return [
      View(props: ViewProps.build {
        $0.frame = Rect(x: 0, y: kitTop, width: width, height: max(0, props.frame.height - kitTop))
        $0.children = kitElements(current, width: width, dispatch: dispatch)
      }),
      Label(props: LabelProps.build {
        $0.frame = Rect(x: 10, y: 10, width: min(600, width - 20), height: 20)
        $0.lineBreakMode = .byTruncatingTail
        $0.text = "text: \(current.text) | taps: \(current.taps) | secondary: \(current.secondaryTaps) | row: \(current.row) | button: \(current.buttonPresses)"
          + " | pinned: \(current.isPinned) | done: \(current.isDone) | tab: \(current.tab) | sort: \(current.sort)"
          + " | body: \(current.body.text.debugDescription) | deleted: \(current.deleted)"
        $0.fontSize = 13
      }),
      Button(props: ButtonProps.build {
        $0.frame = pressFrame
        $0.titles[.normal] = "Press"
        $0.backgroundColor = Color(rgb: 0x264348)
        $0.titleColors[.normal] = .white
        // Busy after an odd number of presses: a stand-in for a button whose work is pending.
        $0.accessibility.isBusy = current.buttonPresses % 2 == 1
        $0.touchHandlers = [.touchUpInside: { dispatch(PressButton()) }]
      }),
      TextField(props: TextFieldProps.build {
        $0.frame = fieldFrame
        $0.text = current.text
        $0.placeholder = "Type here"
        $0.borderWidth = .fixed(1)
        $0.borderColor = .gray
        $0.onChange = { dispatch(SetText(text: $0)) }
      }),
      TouchHandler(props: TouchHandlerProps.build {
        $0.frame = handlerFrame
        $0.handlers = [
          .touchUpInside: { dispatch(Tap(secondary: false)) },
          .secondaryTouchUpInside: { dispatch(Tap(secondary: true)) },
        ]
        $0.children = [
          View(props: ViewProps.build {
            $0.frame = Rect(x: 0, y: 0, width: 120, height: 24)
            $0.backgroundColor = Color(rgb: 0x66CDAA)
            $0.cornerRadius = .fixed(4)
          })
        ]
      }),
      Image(props: ImageProps.build {
        $0.frame = imageFrame
        $0.image = "logo"
        $0.accessibility.label = "Katana logo"
        $0.backgroundColor = Color(rgb: 0xDDDDFF)
      }),
      // A button that says it is a checkbox: the page draws its box and tick itself (k-check).
      Button(props: ButtonProps.build {
        $0.frame = readFrame
        $0.accessibility = .checkbox(isChecked: current.isRead, label: "Read")
        $0.touchHandlers = [.touchUpInside: { dispatch(Change { $0.isRead.toggle() }) }]
      }),
      Table(props: TableProps.build {
        $0.frame = Rect(x: 10, y: tableTop, width: min(300, width - 20), height: 100)
        $0.delegate = Rows()
        $0.mountsOnlyVisibleRows = true
        $0.backgroundColor = .white
      }),
    ] + (current.isConfirming ? [
      // A dialog goes in the screen itself: a browser places it relative to the window.
      Dialog.confirm(
        title: "Delete the note?", message: "It goes for good.", confirmTitle: "Delete", in: props.frame.size,
        onConfirm: { dispatch(Change { $0.isConfirming = false; $0.deleted += 1 }) },
        onCancel: { dispatch(Change { $0.isConfirming = false }) }),
    ] : [])
  }

  static func handle(
    event: NodeEvent, props: GalleryProps, state: EmptyState, dispatch: Dispatcher, update: @escaping Update<EmptyState>
  ) -> Bool {
    galleryBindings(dispatch: dispatch).handle(event)
  }
}

/// The widget kit, each element wired to the store, flowing like the controls above.
@MainActor
func kitElements(_ current: GalleryState, width: Double, dispatch: Dispatcher) -> [AnyNodeDescription] {
  var flow = (x: 10.0, y: 0.0)
  func place(_ itemWidth: Double, _ itemHeight: Double = 24) -> Rect {
    if flow.x > 10, flow.x + itemWidth > width - 10 { flow = (10, flow.y + 34) }
    let frame = Rect(x: flow.x, y: flow.y, width: min(itemWidth, width - 20), height: itemHeight)
    flow.x += itemWidth + 10
    return frame
  }
  let bindings = galleryBindings(dispatch: dispatch)
  var children: [AnyNodeDescription] = [
    Tabs(props: TabsProps.build {
      $0.frame = place(240)
      $0.titles = ["All", "Work", "Home"]
      $0.selectedIndex = current.tab
      $0.onSelect = { index in dispatch(Change { $0.tab = index }) }
    }),
    Checkbox(props: CheckboxProps.build {
      $0.frame = place(110)
      $0.title = "Pinned"
      $0.style = .switch
      $0.isChecked = current.isPinned
      $0.onToggle = { value in dispatch(Change { $0.isPinned = value }) }
    }),
    Checkbox(props: CheckboxProps.build {
      $0.frame = place(90)
      $0.title = "Done"
      $0.isChecked = current.isDone
      $0.onToggle = { value in dispatch(Change { $0.isDone = value }) }
    }),
    Picker(props: PickerProps.build {
      $0.frame = place(150)
      $0.title = "Sort by"
      $0.options = ["Newest first", "Oldest first", "Title"]
      $0.selectedIndex = current.sort
      $0.onSelect = { index in dispatch(Change { $0.sort = index }) }
    }),
    ProgressBar(props: ProgressBarProps.build {
      $0.frame = place(150)
      $0.title = "Importing"
      $0.value = current.progress
    }),
    ActivityIndicator(props: ActivityIndicatorProps.build {
      $0.frame = place(130)
      $0.title = "Searching"
    }),
    Button(props: ButtonProps.build {
      $0.frame = place(100)
      $0.titles[.normal] = "Delete…"
      $0.backgroundColor = Color(rgb: 0x8B1A1A)
      $0.titleColors[.normal] = .white
      $0.touchHandlers = [.touchUpInside: { dispatch(Change { $0.isConfirming = true }) }]
    }),
  ]
  flow = (10, flow.y + 34)
  children.append(TextArea(props: TextAreaProps.build {
    $0.frame = place(260, 96)
    $0.document = current.body
    $0.placeholder = "Body"
    $0.onEdit = { edit in dispatch(Change { $0.body.apply(edit) }) }
  }))
  children.append(ScrollView(props: ScrollViewProps.build {
    $0.frame = place(200, 96)
    $0.backgroundColor = Color(rgb: 0xF4F4F4)
    $0.children = (0..<20).map { line in
      Label(props: LabelProps.build {
        $0.frame = Rect(x: 4, y: Double(line) * 20, width: 180, height: 20)
        $0.text = "long line \(line)"
      })
    }
  }))
  flow = (10, flow.y + 106)
  children.append(StatusLine(props: StatusProps.build {
    $0.frame = place(max(0, width - 20), 20)
    $0.text = "\(current.body.lineCount) lines · deleted \(current.deleted)"
  }))
  flow = (10, flow.y + 24)
  children.append(KeyHelpBar(props: KeyHelpBarProps.build {
    $0.frame = place(max(0, width - 20), 20)
    $0.bindings = bindings
  }))
  if current.deleted > 0 {
    children.append(Toast(props: StatusProps.build {
      $0.frame = Rect(x: max(10, width / 2 - 80), y: flow.y + 28, width: 160, height: 24)
      $0.text = "Deleted"
    }))
  }
  return children
}

/// The gallery's keys, declared once: handled by the screen, shown by the key-help bar.
@MainActor
func galleryBindings(dispatch: Dispatcher) -> [KeyBinding] {
  [
    KeyBinding(.tab, help: "moves", where: .terminal),
    KeyBinding(.character("p"), help: "pins") { dispatch(Change { $0.isPinned.toggle() }) },
    KeyBinding(.character("z"), modifiers: .control, help: "undo") {},
    KeyBinding.quit,
  ]
}

var port: UInt16 = 0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  if argument == "--port", let value = arguments.popFirst().flatMap(UInt16.init) { port = value }
}
let store = Store<GalleryState, EmptySideEffectDependencyContainer>()
try await WebApp.serve(store: store, configuration: WebServer.Configuration(port: port, title: "Elements")) {
  Gallery(props: GalleryProps())
}
