/// One change a backend must apply to its native view tree.
///
/// The renderer never touches a native view: it reconciles descriptions and hands the backend an
/// ordered array of mutations through ``RendererBackend/apply(_:)``. Apply them **in order**; each
/// index refers to the parent's children list as it is at the moment that mutation is applied.
///
/// Invariants a backend may rely on:
/// - A node is ``create(_:kind:props:)``d exactly once, before any other mutation names it, and is
///   then ``insert(_:parent:at:)``ed exactly once. Its children are created and inserted after it.
/// - ``move(_:parent:to:)`` only names a node already in that parent.
/// - ``remove(_:)`` detaches the node **and its whole subtree**; no separate removal is emitted for
///   the descendants, whose ids are never used again.
/// - ``setFrame(_:_:)`` is emitted instead of ``updateProps(_:props:)`` when only the frame
///   changed; ``updateProps(_:props:)`` carries the complete new props, frame and alpha included.
/// - ``command(_:_:)`` only names a node that is created and inserted; commands come last in a
///   batch, after the mutations that shaped the tree.
/// - Frames are ``Rect``s in points relative to the parent node; each backend rounds them to its
///   own unit (pixels, terminal cells) and documents how.
/// - Scalable styling (`cornerRadius`, `borderWidth`) arrives resolved for the node's Plastic
///   multiplier: its `scalable` part is 0 and `fixed` holds the points.
///
/// Mutations are `Equatable` and print as one readable line each (see ``description``), so tests
/// can compare a ``RecordingBackend/log`` exactly or through ``RecordingBackend/logDescription``.
///
/// Backends that cannot animate apply the mutations inside ``animate(_:_:)`` at once; the renderer
/// times multi-step transitions itself, on its injected clock.
public enum Mutation {
  /// Creates the native view of a new node of the given kind with its initial props.
  case create(NodeID, kind: NativeViewKind, props: any NodeDescriptionProps)
  /// Replaces the props of an existing node (frame and alpha included).
  case updateProps(NodeID, props: any NodeDescriptionProps)
  /// Inserts a created node into `parent`'s children at `index` (`0...count`).
  case insert(NodeID, parent: NodeID, at: Int)
  /// Moves a node that is already a child of `parent` to `index` among its siblings.
  case move(NodeID, parent: NodeID, to: Int)
  /// Removes a node and its whole subtree.
  case remove(NodeID)
  /// Changes only the frame of a node (relative to its parent, in points).
  case setFrame(NodeID, Rect)
  /// Applies the nested mutations as one animated change of the given type.
  case animate(AnimationType, [Mutation])
  /// Asks a node's native view to do something imperative, such as scrolling a table; sent
  /// through a ref (``NativeViewHandle/send(_:)``). Backends ignore commands they cannot perform.
  case command(NodeID, NativeViewCommand)
}

extension Mutation {
  /// The node this mutation is about, or `nil` for ``animate(_:_:)``.
  public var node: NodeID? {
    switch self {
    case .create(let id, _, _), .updateProps(let id, _), .insert(let id, _, _),
      .move(let id, _, _), .remove(let id), .setFrame(let id, _), .command(let id, _):
      id
    case .animate: nil
    }
  }
}
