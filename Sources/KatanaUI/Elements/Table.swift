/// A vertical list of rows in sections, described by a ``TableDelegate``.
///
/// The table is declarative: each row is a child node (a ``TableRow`` keyed by its index path)
/// holding the delegate's cell description, stacked top to bottom with the delegate's heights
/// scaled by the table's multiplier. A cell whose type and key stay the same is updated in
/// place; otherwise it is replaced. Backends scroll the rows as they can.
///
/// By default every row is mounted. For long tables set ``TableProps/mountsOnlyVisibleRows``:
/// every row is still described and laid out (cheap values), but only the rows near the visible
/// part are mounted — from one table height above the backend's scroll offset to at least one
/// height below the visible part — so the backend holds a few screens of rows whatever the
/// table's length. The backend reports its scroll offset with ``NodeEvent/tableDidScroll(offset:)``
/// and the window follows, re-rendering every half height scrolled; a ``TableRef`` scroll to a
/// row outside the window first moves the window to it. Rows are not recycled: rows leaving the
/// window are unmounted, rows entering it are mounted.
///
/// A ``NodeEvent/tableRowTap(_:)`` sent to the table or any of its rows calls
/// ``TableDelegate/didTapRow(at:dispatch:)``; backends read a row's index path from
/// ``TableRowProps``.
///
/// Set ``TableProps/refCallback`` to get a ``TableRef`` and scroll the table imperatively with
/// ``TableRef/scroll(at:at:animated:)``.
public struct Table: PlasticNodeDescription, NodeDescriptionWithRef {
  public typealias Keys = String
  public typealias StateType = TableState
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
    props: TableProps, state: TableState, update: @escaping Update<TableState>, dispatch: Dispatcher
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
  public static func layout(views: ViewsContainer<String>, props: TableProps, state: TableState) {
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
    event: NodeEvent, props: TableProps, state: TableState, dispatch: Dispatcher,
    update: @escaping Update<TableState>
  ) -> Bool {
    switch event {
    case .tableRowTap(let indexPath):
      props.delegate.didTapRow(at: indexPath, dispatch: dispatch)
      return true
    case .tableDidScroll(let offset):
      guard props.mountsOnlyVisibleRows else { return true }
      let anchor = TableState.anchor(offset: offset, height: props.frame.height)
      if anchor != state.windowAnchor { update(TableState(windowAnchor: anchor)) }
      return true
    default:
      return false
    }
  }
}

extension Table: WindowedChildren {
  static func mountedChildren(
    _ laidOut: [AnyNodeDescription], props: TableProps, state: TableState
  ) -> [AnyNodeDescription] {
    guard props.mountsOnlyVisibleRows else { return laidOut }
    let window = state.window(height: props.frame.height)
    return laidOut.filter { row in
      let frame = row.props.frame
      return frame.maxY >= window.lowerBound && frame.minY <= window.upperBound
    }
  }

  static func state(
    preparing command: NativeViewCommand, props: TableProps, state: TableState, multiplier: Double
  ) -> TableState? {
    guard props.mountsOnlyVisibleRows, case .scrollToRow(let target, _, _) = command else { return nil }
    let delegate = props.delegate
    guard (0..<max(0, delegate.numberOfSections())).contains(target.section),
      (0..<max(0, delegate.numberOfRows(forSection: target.section))).contains(target.row)
    else { return nil }
    // The row's top, stacking the scaled heights as `layout` does.
    func height(_ indexPath: TableIndexPath) -> Double {
      max(0, delegate.height(forRowAt: indexPath).scale(by: multiplier))
    }
    var top = 0.0
    for section in 0..<target.section {
      for row in 0..<max(0, delegate.numberOfRows(forSection: section)) {
        top += height(TableIndexPath(section: section, row: row))
      }
    }
    for row in 0..<target.row { top += height(TableIndexPath(section: target.section, row: row)) }
    let window = state.window(height: props.frame.height)
    if top >= window.lowerBound && top + height(target) <= window.upperBound { return nil }
    return TableState(windowAnchor: TableState.anchor(offset: top, height: props.frame.height))
  }
}
