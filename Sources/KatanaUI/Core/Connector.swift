import Katana

/// Applies a ``ConnectedNodeDescription``'s `connect` to props of a statically unknown type.
struct Connector<Props> {
  /// The store state type the description expects, for error messages.
  let expectedState: String
  /// Connects `props` to `state`; `false` when the state has another type.
  let connect: (inout Props, any State) -> Bool

  /// The connector of `D`, or `nil` when `D` is not connected.
  static func make<D: NodeDescription>(for type: D.Type) -> Connector<D.PropsType>? where Props == D.PropsType {
    guard let connected = type as? any ConnectedNodeDescription.Type else { return nil }
    return open(connected) as? Connector<D.PropsType>
  }

  private static func open<C: ConnectedNodeDescription>(_ type: C.Type) -> Any {
    Connector<C.PropsType>(expectedState: String(reflecting: C.StoreState.self)) { props, state in
      guard let typed = state as? C.StoreState else { return false }
      C.connect(props: &props, to: typed)
      return true
    }
  }
}
