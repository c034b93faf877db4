import Katana

/// Applies a ``ConnectedNodeDescription``'s `connect` to props of a statically unknown type, and
/// subscribes a node to the store's changes of its connected props.
struct Connector<Props: NodeDescriptionProps> {
  /// The store state type the description expects, for error messages.
  let expectedState: String
  /// Connects `props` to `state`; `false` when the state has another type.
  let connect: (inout Props, any State) -> Bool
  /// Adds a selection listener to `store` that selects the props `connect` makes from the given
  /// base props, and calls `changed` (on the store's listener thread) when they differ between
  /// an update's old and new state. Returns the listener's removal.
  let subscribe:
    (_ store: any AnyStore, _ baseProps: Props, _ changed: @escaping @Sendable () -> Void) -> StoreUnsubscribe

  /// The connector of `D`, or `nil` when `D` is not connected.
  static func make<D: NodeDescription>(for type: D.Type) -> Connector<D.PropsType>? where Props == D.PropsType {
    guard let connected = type as? any ConnectedNodeDescription.Type else { return nil }
    return open(connected) as? Connector<D.PropsType>
  }

  private static func open<C: ConnectedNodeDescription>(_ type: C.Type) -> Any {
    Connector<C.PropsType>(
      expectedState: String(reflecting: C.StoreState.self),
      connect: { props, state in
        guard let typed = state as? C.StoreState else { return false }
        C.connect(props: &props, to: typed)
        return true
      },
      subscribe: { store, baseProps, changed in
        let base = ConnectedProps(baseProps)
        // A store of the description's own state type is listened to without erasing the state:
        // no box per update and no cast per node.
        if let typed = store as? any PartialStore<C.StoreState> {
          return typed.addListener(select: { state in base.connected(by: C.self, to: state) }) { _, _ in changed() }
        }
        return store.addAnyListener(select: { state -> ConnectedProps<C.PropsType>? in
          guard let typed = state as? C.StoreState else { return nil }
          return base.connected(by: C.self, to: typed)
        }) { _, _ in changed() }
      })
  }
}
