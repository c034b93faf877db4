import Katana

/// Props handed to a store's selection listener: the base props a connected node got from its
/// parent, or the props its `connect` made of them for one state. Compared with the props' `==`.
///
/// Safety of `@unchecked Sendable`: props are not required to be `Sendable` (they may hold event
/// handlers that capture main-actor objects), but a value of this type is only ever read. The
/// renderer makes it on the main actor from a copy of a node's base props and never changes it;
/// the selection listener copies it, runs the description's nonisolated `connect` on the copy and
/// compares two results with `==`, on the store's listener thread. No closure inside the props is
/// called there, and copying or releasing a closure or class reference is thread-safe in Swift.
struct ConnectedProps<Props: NodeDescriptionProps>: Equatable, @unchecked Sendable {
  let props: Props

  init(_ props: Props) {
    self.props = props
  }

  /// These props after `C.connect` to `state`.
  func connected<C: ConnectedNodeDescription>(by description: C.Type, to state: C.StoreState) -> Self
  where C.PropsType == Props {
    var result = props
    C.connect(props: &result, to: state)
    return ConnectedProps(result)
  }
}
