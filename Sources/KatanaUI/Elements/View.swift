/// A plain container: a frame, a background and children.
///
/// Its props compare children by type and props, so an unchanged container skips its subtree.
public struct View: NodeDescription {
  /// The description's props.
  public var props: ViewProps

  /// Creates the description from its props.
  public init(props: ViewProps) {
    self.props = props
  }

  @MainActor
  public static func childrenDescriptions(
    props: ViewProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.children
  }
}
