/// An imperative request for a mounted native view, sent through a ref (see ``NativeViewRef``)
/// and delivered to the backend as ``Mutation/command(_:_:)``.
///
/// Commands ask a backend to do something that is not state: scrolling is the native view's own
/// business, so it does not belong in props. Backends ignore the commands they cannot perform.
public enum NativeViewCommand: Hashable, Sendable {
  /// Scrolls a table so that the row at the index path is visible at `position`.
  case scrollToRow(TableIndexPath, position: TableScrollPosition, animated: Bool)
}

/// Where a table scrolls a row to.
public enum TableScrollPosition: Hashable, Sendable {
  /// As little as needed to make the row fully visible; nothing if it already is.
  case none
  /// The row's top at the table's top edge.
  case top
  /// The row centred vertically in the table.
  case middle
  /// The row's bottom at the table's bottom edge.
  case bottom
}
