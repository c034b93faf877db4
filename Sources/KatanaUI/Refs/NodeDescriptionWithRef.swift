/// A description whose props receive a ref to its mounted native view.
///
/// After the renderer applied a batch in which the node was mounted or re-rendered, it calls the
/// props' ``NodeDescriptionWithRefProps/refCallback`` with a fresh ref, in mount order. Nodes
/// whose update was skipped (``NodeDescription/shouldUpdate(currentProps:nextProps:currentState:nextState:)``
/// returned `false`) are not called back.
///
/// ```swift
/// Table(props: TableProps.build {
///   $0.delegate = PostsDelegate(posts: props.posts)
///   $0.refCallback = { tableRef in topButtonTarget.table = tableRef }
/// })
/// ```
public protocol NodeDescriptionWithRef: NodeDescription where PropsType: NodeDescriptionWithRefProps {}
