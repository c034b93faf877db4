/// A vertical list of rows in sections, described by a ``TableDelegate``.
///
/// The table is declarative: each row is a child node (a ``TableRow`` keyed by its index path)
/// holding the delegate's cell description, stacked top to bottom with the delegate's heights
/// scaled by the table's multiplier. A cell whose type and key stay the same is updated in
/// place; otherwise it is replaced. Every row is mounted (there is no cell reuse): keep tables to
/// what a screen can reasonably hold, or page the data. Backends scroll the rows as they can.
///
/// A ``NodeEvent/tableRowTap(_:)`` sent to the table or any of its rows calls
/// ``TableDelegate/didTapRow(at:dispatch:)``; backends read a row's index path from
/// ``TableRowProps``.
///
/// Set ``TableProps/refCallback`` to get a ``TableRef`` and scroll the table imperatively with
/// ``TableRef/scroll(at:at:animated:)``.
public struct Table: PlasticNodeDescription, NodeDescriptionWithRef {
  public typealias Keys = String
  /// The description's props.
  public var props: TableProps

  /// Creates the description from its props.
  public init(props: TableProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .table }

  @MainActor
  public static func childrenDescriptions(
    props: TableProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let delegate = props.delegate
    var rows: [AnyNodeDescription] = []
    for section in 0..<max(0, delegate.numberOfSections()) {
      for row in 0..<max(0, delegate.numberOfRows(forSection: section)) {
        let indexPath = TableIndexPath(section: section, row: row)
        rows.append(
          TableRow(
            props: TableRowProps(
              indexPath: indexPath, height: delegate.height(forRowAt: indexPath),
              cell: delegate.cellDescription(forRowAt: indexPath))))
      }
    }
    return rows
  }

  /// Stacks the rows: full width, each as tall as its scaled height.
  public static func layout(views: ViewsContainer<String>, props: TableProps, state: EmptyState) {
    var top = 0.0
    let delegate = props.delegate
    for section in 0..<max(0, delegate.numberOfSections()) {
      for row in 0..<max(0, delegate.numberOfRows(forSection: section)) {
        let indexPath = TableIndexPath(section: section, row: row)
        guard let view = views[TableRowProps.key(for: indexPath)] else { continue }
        view.left = views.nativeView.left
        view.right = views.nativeView.right
        view.top = views.nativeView.top + .fixed(top)
        view.height = delegate.height(forRowAt: indexPath)
        top = view.frame.maxY
      }
    }
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: TableProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .tableRowTap(let indexPath) = event else { return false }
    props.delegate.didTapRow(at: indexPath, dispatch: dispatch)
    return true
  }
}
