public import Katana

/// A description whose props are fed from the store's state.
///
/// The renderer calls ``connect(props:to:)`` when the node is created, whenever its parent hands it
/// new props, and after every store update; the node re-renders only when the connected props
/// changed. Only mounted connected nodes are visited on a store update, never the whole tree.
///
/// ```swift
/// static func connect(props: inout CounterScreenProps, to storeState: CounterState) {
///   props.count = storeState.counter
/// }
/// ```
public protocol ConnectedNodeDescription: NodeDescription {
  /// The store's state type.
  associatedtype StoreState: State

  /// Copies the part of the store's state this node shows into its props. Keep it cheap and pure.
  static func connect(props: inout PropsType, to storeState: StoreState)
}
