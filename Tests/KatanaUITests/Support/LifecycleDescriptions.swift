import Katana
import KatanaUI

/// Records what the lifecycle hooks saw, in order.
@MainActor
final class LifecycleLog {
  var entries: [String] = []
  /// The `count` of every state a ``Tracked`` node rendered with.
  var renderedCounts: [Int] = []
  /// The `update` closure ``Tracked`` received in `didMount`.
  var update: Update<CountState>?
}

struct CountState: NodeDescriptionState {
  var count = 0
}

/// A node that logs its hooks. Passing `value == 50` makes `descriptionWillReceiveProps` call
/// `update` synchronously with count 50.
struct Tracked: NodeDescription {
  struct Props: NodeDescriptionProps {
    var value = 0
    var log: LifecycleLog
    var frame = Rect.zero
    var alpha = 1.0
    var key: String?

    static func == (lhs: Props, rhs: Props) -> Bool {
      lhs.value == rhs.value && lhs.log === rhs.log && lhs.frame == rhs.frame && lhs.alpha == rhs.alpha
        && lhs.key == rhs.key
    }
  }

  var props: Props

  static func childrenDescriptions(
    props: Props, state: CountState, update: @escaping Update<CountState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.log.renderedCounts.append(state.count)
    props.log.entries.append("children \(props.key ?? "")")
    return [Leaf(key: "\(props.key ?? "")-child")]
  }

  static func didMount(props: Props, dispatch: Dispatcher, update: @escaping Update<CountState>) {
    props.log.entries.append("didMount \(props.key ?? "")")
    props.log.update = update
  }

  static func didUnmount(props: Props, dispatch: Dispatcher) {
    props.log.entries.append("didUnmount \(props.key ?? "")")
  }

  static func descriptionWillReceiveProps(
    state: CountState, currentProps: Props, nextProps: Props, dispatch: Dispatcher,
    update: @escaping Update<CountState>
  ) {
    currentProps.log.entries.append("willReceiveProps \(currentProps.value)->\(nextProps.value)")
    if nextProps.value == 50 { update(CountState(count: 50)) }
  }
}

/// A connected root showing a ``Tracked`` child with value `AppState.a`, absent when `a < 0`.
struct TrackedScreen: ConnectedNodeDescription {
  struct Props: NodeDescriptionProps {
    var value = 0
    var log: LifecycleLog
    var frame = Rect.zero
    var alpha = 1.0
    var key: String?

    static func == (lhs: Props, rhs: Props) -> Bool {
      lhs.value == rhs.value && lhs.log === rhs.log && lhs.frame == rhs.frame && lhs.alpha == rhs.alpha
        && lhs.key == rhs.key
    }
  }

  var props: Props

  static func connect(props: inout Props, to storeState: AppState) { props.value = storeState.a }

  static func childrenDescriptions(
    props: Props, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.log.entries.append("children screen")
    guard props.value >= 0 else { return [] }
    return [Tracked(props: Tracked.Props(value: props.value, log: props.log, key: "tracked"))]
  }

  static func didMount(props: Props, dispatch: Dispatcher, update: @escaping Update<EmptyState>) {
    props.log.entries.append("didMount screen")
  }
}

/// Never re-renders after mounting: its `shouldUpdate` is always `false`.
struct Frozen: NodeDescription {
  var props: LeafProps

  static func shouldUpdate(
    currentProps: LeafProps, nextProps: LeafProps, currentState: EmptyState, nextState: EmptyState
  ) -> Bool { false }

  static func childrenDescriptions(
    props: LeafProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Leaf(key: "frozen-child", value: props.value)]
  }

  /// Reports the value it holds, to show it kept the newest description.
  static func handle(
    event: NodeEvent, props: LeafProps, state: EmptyState, dispatch: Dispatcher, update: @escaping Update<EmptyState>
  ) -> Bool {
    dispatch(SetB(value: props.value))
    return true
  }
}

/// A connected root whose `Frozen` child gets `AppState.a`.
struct FrozenScreen: ConnectedNodeDescription {
  var props: LeafProps

  static func connect(props: inout LeafProps, to storeState: AppState) { props.value = storeState.a }

  static func childrenDescriptions(
    props: LeafProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Frozen(props: LeafProps(value: props.value, key: "frozen"))]
  }
}

struct ToggleState: NodeDescriptionState {
  var isOn = false
}

/// Flips its state on a tap; its child leaf shows 1 when on.
struct Toggle: NodeDescription {
  var props: EmptyProps

  static func childrenDescriptions(
    props: EmptyProps, state: ToggleState, update: @escaping Update<ToggleState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Leaf(key: "\(props.key ?? "")-leaf", value: state.isOn ? 1 : 0)]
  }

  static func handle(
    event: NodeEvent, props: EmptyProps, state: ToggleState, dispatch: Dispatcher,
    update: @escaping Update<ToggleState>
  ) -> Bool {
    guard event == .tap else { return false }
    update(ToggleState(isOn: !state.isOn))
    return true
  }
}

/// Two toggles side by side.
struct TwoToggles: NodeDescription {
  var props: EmptyProps

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Toggle(props: EmptyProps(key: "left")), Toggle(props: EmptyProps(key: "right"))]
  }
}
