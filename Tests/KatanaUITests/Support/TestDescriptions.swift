import Katana
import KatanaUI

/// Props of the leaf descriptions: a number to show.
struct LeafProps: NodeDescriptionProps {
  var value = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A childless description.
struct Leaf: NodeDescription {
  var props: LeafProps

  init(props: LeafProps) { self.props = props }
  init(key: String?, value: Int = 0) { props = LeafProps(value: value, key: key) }

  static func childrenDescriptions(
    props: LeafProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] { [] }
}

/// Another childless description type, to test type changes.
struct OtherLeaf: NodeDescription {
  var props: LeafProps

  init(props: LeafProps) { self.props = props }

  static func childrenDescriptions(
    props: LeafProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] { [] }
}

/// Props of ``ListScreen``: item specs from the store.
struct ListProps: NodeDescriptionProps {
  var items: [String] = []
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A connected root listing `AppState.items`: `"k"` is a `Leaf` keyed k with value 0, `"k=3"` a
/// `Leaf` with value 3, `"k!"` an `OtherLeaf` keyed k, `"_"` an unkeyed `Leaf`.
struct ListScreen: ConnectedNodeDescription {
  var props: ListProps

  static func connect(props: inout ListProps, to storeState: AppState) {
    props.items = storeState.items
  }

  static func childrenDescriptions(
    props: ListProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.items.map(Self.description(for:))
  }

  static func description(for item: String) -> AnyNodeDescription {
    if item == "_" { return Leaf(key: nil) }
    if item.hasSuffix("!") { return OtherLeaf(props: LeafProps(key: String(item.dropLast()))) }
    let parts = item.split(separator: "=")
    return Leaf(key: String(parts[0]), value: parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
  }
}

/// A leaf connected to `AppState.a`.
struct SelectA: ConnectedNodeDescription {
  var props: LeafProps

  static func connect(props: inout LeafProps, to storeState: AppState) { props.value = storeState.a }

  static func childrenDescriptions(
    props: LeafProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] { [] }
}

/// A leaf connected to `AppState.b`.
struct SelectB: ConnectedNodeDescription {
  var props: LeafProps

  static func connect(props: inout LeafProps, to storeState: AppState) { props.value = storeState.b }

  static func childrenDescriptions(
    props: LeafProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] { [] }
}

/// A connected description that declares another store state type.
struct WrongStateConnected: ConnectedNodeDescription {
  struct OtherState: State {}
  var props: EmptyProps

  static func connect(props: inout EmptyProps, to storeState: OtherState) {}

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] { [] }
}

/// A static root with fixed children.
struct StaticRoot: NodeDescription {
  struct Props: NodeDescriptionProps {
    var children: [String] = []
    var frame = Rect.zero
    var alpha = 1.0
    var key: String?
  }

  var props: Props

  init(props: Props) { self.props = props }

  /// A root showing `SelectA`, `SelectB` and plain leaves.
  static func connectedPair() -> StaticRoot { StaticRoot(props: Props(children: ["A", "B", "plain1", "plain2"])) }

  static func childrenDescriptions(
    props: Props, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.children.map { name -> AnyNodeDescription in
      switch name {
      case "A": SelectA(props: LeafProps(key: "A"))
      case "B": SelectB(props: LeafProps(key: "B"))
      case "wrong": WrongStateConnected(props: EmptyProps(key: "wrong"))
      default: Leaf(key: name)
      }
    }
  }
}
