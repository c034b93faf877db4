import Katana
import KatanaTestSupport
import Testing

@testable import KatanaUI

// The seed's counter screen, written with KatanaUI: compare it with the original README line by line.

struct CounterScreenProps: NodeDescriptionProps {
  var count: Int = 0
  var frame: Rect = .zero
  var alpha: Double = 1.0
  var key: String?
}

struct CounterScreen: ConnectedNodeDescription, PlasticNodeDescription, PlasticReferenceSizeable {
  typealias StateType = EmptyState
  typealias PropsType = CounterScreenProps

  enum Keys: String {
    case label, decrementButton, incrementButton
  }

  var props: PropsType

  static let referenceSize = Size(width: 640, height: 960)

  static func connect(props: inout PropsType, to storeState: CounterState) {
    props.count = storeState.counter
  }

  static func childrenDescriptions(
    props: PropsType, state: StateType, update: @escaping Update<StateType>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      Label(
        props: LabelProps.build { labelProps in
          labelProps.key = CounterScreen.Keys.label.rawValue
          labelProps.textAlignment = .center
          labelProps.backgroundColor = Color(rgb: 0x66DDAA)
          labelProps.text = "Count: \(props.count)"
        }),
      Button(
        props: ButtonProps.build { buttonProps in
          buttonProps.key = CounterScreen.Keys.decrementButton.rawValue
          buttonProps.titles[.normal] = "Decrement"
          buttonProps.backgroundColor = Color(rgb: 0xD71868)
          buttonProps.titleColors = [.highlighted: .red]
          buttonProps.touchHandlers = [
            .touchUpInside: { dispatch(DecrementCounter()) }
          ]
        }),
      Button(
        props: ButtonProps.build { buttonProps in
          buttonProps.key = CounterScreen.Keys.incrementButton.rawValue
          buttonProps.titles[.normal] = "Increment"
          buttonProps.backgroundColor = Color(rgb: 0x264348)
          buttonProps.titleColors = [.highlighted: .red]
          buttonProps.touchHandlers = [
            .touchUpInside: { dispatch(IncrementCounter()) }
          ]
        }),
    ]
  }

  static func layout(views: ViewsContainer<Keys>, props: PropsType, state: StateType) {
    let nativeView = views.nativeView

    let label = views[.label]!
    let decrementButton = views[.decrementButton]!
    let incrementButton = views[.incrementButton]!
    label.asHeader(nativeView)
    [label, decrementButton].fill(top: nativeView.top, bottom: nativeView.bottom)
    incrementButton.top = decrementButton.top
    incrementButton.bottom = decrementButton.bottom
    [decrementButton, incrementButton].fill(left: nativeView.left, right: nativeView.right)
  }
}

@MainActor
@Suite("The seed's counter screen on the RecordingBackend")
struct CounterScreenTests {
  func render(at size: Size) -> (Store<CounterState, EmptySideEffectDependencyContainer>, RecordingBackend, Renderer) {
    let store = Store<CounterState, EmptySideEffectDependencyContainer>()
    let backend = RecordingBackend(containerSize: size)
    let renderer = Renderer(rootDescription: CounterScreen(props: CounterScreenProps()), store: store)
    renderer.render(in: backend)
    return (store, backend, renderer)
  }

  @Test(
    "the tree is a screen holding a label and two buttons, laid out to scale",
    arguments: [Size(width: 640, height: 960), Size(width: 375, height: 667)])
  func treeAndFrames(size: Size) throws {
    let (_, backend, renderer) = render(at: size)
    #expect(renderer.errors.isEmpty)
    #expect(backend.violations.isEmpty)
    let screen = try #require(backend.rootChildren.first.flatMap { backend.view($0) })
    #expect(screen.kind == .view)
    #expect(screen.frame == Rect(origin: .zero, size: size))
    let children = backend.children(of: screen.id).compactMap { backend.view($0) }
    #expect(children.map(\.kind) == [.label, .button, .button])
    #expect(children.map(\.key) == ["label", "decrementButton", "incrementButton"])

    let (w, h) = (size.width, size.height)
    #expect(children[0].frame == Rect(x: 0, y: 0, width: w, height: h / 2))
    #expect(children[1].frame == Rect(x: 0, y: h / 2, width: w / 2, height: h / 2))
    #expect(children[2].frame == Rect(x: w / 2, y: h / 2, width: w / 2, height: h / 2))
    #expect(backend.props(of: children[0].id, as: LabelProps.self)?.text == "Count: 0")
    #expect(backend.props(of: children[2].id, as: ButtonProps.self)?.title(for: .normal) == "Increment")
  }

  @Test("the exact tree at 640×960")
  func treeDescription() {
    let (_, backend, _) = render(at: Size(width: 640, height: 960))
    #expect(
      backend.treeDescription() == """
        view (0.0, 0.0, 640.0, 960.0)
          label "label" (0.0, 0.0, 640.0, 480.0)
          button "decrementButton" (0.0, 480.0, 320.0, 480.0)
          button "incrementButton" (320.0, 480.0, 320.0, 480.0)
        """)
  }

  @Test("tapping Increment dispatches and the label shows the new count; Decrement goes back")
  func tapIncrement() async throws {
    let (store, backend, renderer) = render(at: Size(width: 375, height: 667))
    backend.clearLog()
    #expect(backend.send(.tap, toKey: "incrementButton"))
    await renderer.settle()
    #expect(store.state.counter == 1)
    let label = try #require(backend.firstView(withKey: "label"))
    #expect(backend.props(of: label.id, as: LabelProps.self)?.text == "Count: 1")
    #expect(backend.counts == MutationCounts(updateProps: 2), "the screen and the label; the buttons are unchanged")

    backend.send(.tap, toKey: "decrementButton")
    backend.send(.tap, toKey: "decrementButton")
    await renderer.settle()
    #expect(store.state.counter == -1)
    #expect(backend.props(of: label.id, as: LabelProps.self)?.text == "Count: -1")
  }
}
