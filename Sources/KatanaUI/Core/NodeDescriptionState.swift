/// The internal state of a node, owned by the node and changed through the `update` closure its
/// hooks receive.
///
/// A new node starts from ``init()``. Equal states (with equal props) let the renderer skip the
/// node's subtree.
public protocol NodeDescriptionState: Equatable {
  /// The state of a newly mounted node.
  init()
}
