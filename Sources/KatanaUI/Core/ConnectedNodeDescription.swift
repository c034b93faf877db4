public import Katana

/// A description whose props are fed from the store's state.
///
/// The renderer calls ``connect(props:to:)`` when the node is created and whenever its parent
/// hands it new props. While the node is mounted it also holds a selection listener on the store
/// (`addListener(select:)`), which calls `connect` on each new state and compares the result with
/// the previous one: the node re-renders only when its connected props changed. An update that
/// changes one row of a connected list re-renders that row and wakes no other node.
///
/// ```swift
/// static func connect(props: inout CounterScreenProps, to storeState: CounterState) {
///   props.count = storeState.counter
/// }
/// ```
///
/// The description type and its props type must be usable from any thread as types (every plain
/// struct is): `connect` runs on the store's listener thread.
public protocol ConnectedNodeDescription: NodeDescription, SendableMetatype where PropsType: SendableMetatype {
  /// The store's state type.
  associatedtype StoreState: State

  /// Copies the part of the store's state this node shows into its props.
  ///
  /// Keep it cheap and pure: it runs after every update the store applies, on the thread of the
  /// store's listeners (any thread, not the main actor), on a copy of the props the parent gave.
  static func connect(props: inout PropsType, to storeState: StoreState)
}
