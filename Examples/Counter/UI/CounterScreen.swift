import CounterCore
import Katana
import KatanaUI

/// The props of the counter screen: the count, fed from the store, and the colours.
struct CounterScreenProps: NodeDescriptionProps {
  var count = 0
  /// The bottom line: the keys, or what the app wants said there (the DevTools address).
  /// A line shown instead of the key help (the DevTools address), or `nil` for the key help.
  var hint: String?
  var theme = Theme.standard
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// The counter screen: a "Count: N" header and Decrement / Increment buttons below it,
/// laid out with `asHeader` and the array `fill`, plus a one-line hint at the bottom.
struct CounterScreen: ConnectedNodeDescription, PlasticNodeDescription, PlasticReferenceSizeable {
  typealias StateType = EmptyState
  typealias PropsType = CounterScreenProps
  typealias StoreState = CounterState

  enum Keys: String {
    case label
    case decrementButton
    case incrementButton
    case hint
  }

  var props: PropsType

  static let referenceSize = Size(width: 640, height: 960)

  static func connect(props: inout PropsType, to storeState: CounterState) {
    props.count = storeState.counter
  }

  static func childrenDescriptions(
    props: PropsType, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      Label(props: LabelProps.build { labelProps in
        labelProps.setKey(Keys.label)
        labelProps.textAlignment = .center
        labelProps.backgroundColor = props.theme.accent
        labelProps.textColor = props.theme.onAccent
        labelProps.text = "Count: \(props.count)"
      }),
      Button(props: ButtonProps.build { buttonProps in
        buttonProps.setKey(Keys.decrementButton)
        props.theme.apply(to: &buttonProps)
        buttonProps.titles[.normal] = "Decrement"
        buttonProps.backgroundColor = props.theme.negative
        buttonProps.touchHandlers = [.touchUpInside: { dispatch(CounterActions.Decrement()) }]
      }),
      Button(props: ButtonProps.build { buttonProps in
        buttonProps.setKey(Keys.incrementButton)
        props.theme.apply(to: &buttonProps)
        buttonProps.titles[.normal] = "Increment"
        buttonProps.touchHandlers = [.touchUpInside: { dispatch(CounterActions.Increment()) }]
      }),
      props.hint.map { hint -> AnyNodeDescription in
        Label(props: LabelProps.build { labelProps in
          labelProps.setKey(Keys.hint)
          labelProps.textAlignment = .center
          labelProps.textColor = props.theme.secondaryText
          labelProps.text = hint
          labelProps.lineBreakMode = .byTruncatingTail
        })
      } ?? KeyHelpBar(props: KeyHelpBarProps.build { bar in
        bar.setKey(Keys.hint)
        bar.textAlignment = .center
        bar.textColor = props.theme.secondaryText
        bar.bindings = keyHelp
      }),
    ]
  }

  /// The keys the help line lists: the backend's own (focus, press) and the runner's quit key; the
  /// screen itself binds none.
  static var keyHelp: [KeyBinding] {
    [
    KeyBinding(.tab, help: "focus", keyLabel: "Tab/arrows", where: .terminal),
    KeyBinding(.enter, help: "press", keyLabel: "Enter/Space/click", where: .terminal),
    KeyBinding(.character("q"), help: "quits", where: .terminal),
    ]
  }

  static func layout(views: ViewsContainer<Keys>, props: PropsType, state: EmptyState) {
    let nativeView = views.nativeView
    guard let label = views[.label], let decrementButton = views[.decrementButton],
      let incrementButton = views[.incrementButton], let hint = views[.hint]
    else { return }
    // One 16-point line for the hint, whatever the scale (one row on the terminal's `fontCell`).
    hint.height = .fixed(16)
    hint.asFooter(nativeView)
    label.asHeader(nativeView)
    [label, decrementButton].fill(top: nativeView.top, bottom: hint.top)
    incrementButton.top = decrementButton.top
    incrementButton.bottom = decrementButton.bottom
    [decrementButton, incrementButton].fill(left: nativeView.left, right: nativeView.right)
  }
}
