import Katana

/// A mounted node, whatever its description type. The renderer's tree is made of these.
@MainActor
protocol AnyNode: AnyObject {
  var id: NodeID { get }
  var parent: (any AnyNode)? { get }
  var children: [any AnyNode] { get }
  var depth: Int { get }
  var identity: Identity { get }
  var isDirty: Bool { get set }
  var isMounted: Bool { get }
  var isConnected: Bool { get }
  var multiplier: Double { get }
  var anyDescription: AnyNodeDescription { get }

  /// Creates and inserts the node's view at `index` of `parent`, calls `didMount`, then mounts
  /// the children.
  func mount(parent: NodeID, at index: Int, into mutations: inout [Mutation])
  /// Updates the node with a new description of the same identity from its parent.
  ///
  /// - Parameters:
  ///   - animation: how the node's own props change is animated (its parent's choice).
  ///   - inherited: the parent's children animations, used by container nodes (``Childrenable``
  ///     props) for their own children when they choose none.
  func update(
    with description: AnyNodeDescription, animation: AnimationType, inherited: ChildAnimationLookup?,
    into mutations: inout [Mutation])
  /// Re-renders the node with its own description, newest connection and pending state.
  func rerender(into mutations: inout [Mutation])
  /// Calls `didUnmount` on the node and its subtree and forgets them. Emits nothing: the caller
  /// emitted one removal for the subtree.
  func unmount()
  /// Adds a selection listener of this node's connected props to `store`, calling `changed` on
  /// the store's listener thread when an update changes them; `nil` for nodes that are not
  /// connected. See ``Connector``.
  func subscribe(to store: any AnyStore, changed: @escaping @Sendable () -> Void) -> StoreUnsubscribe?
  /// Re-connects to a new store state; `true` when the connected props changed.
  func storeDidChange(_ state: any KatanaState) -> Bool
  /// Handles an event; `false` to pass it to the parent.
  func handle(_ event: NodeEvent) -> Bool
  /// Gets ready for a command sent through a ref (a windowed table mounts the target row);
  /// `true` when the node was marked dirty and must re-render before the command is delivered.
  func prepare(for command: NativeViewCommand) -> Bool
  /// Calls the props' ref callback, for descriptions with a ref; does nothing otherwise.
  func callRefCallback()
}

/// The animation of a child, by the child's key.
typealias ChildAnimationLookup = (String?) -> Animation
