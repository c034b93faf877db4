/// One row of a ``Table``: a container, as wide as the table, holding the row's cell.
///
/// Created by ``Table``; you do not describe rows yourself.
public struct TableRow: NodeDescription {
  /// The description's props.
  public var props: TableRowProps

  /// Creates the description from its props.
  public init(props: TableRowProps) {
    self.props = props
  }

  @MainActor
  public static func childrenDescriptions(
    props: TableRowProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [withFrame(props.cell, Rect(origin: .zero, size: props.frame.size))]
  }
}
