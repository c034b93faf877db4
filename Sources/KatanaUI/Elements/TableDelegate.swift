/// Supplies a ``Table``'s sections, rows, cell descriptions and row heights.
///
/// Keep delegates as small values built from your props; implement ``isEqual(to:)`` so an
/// unchanged table skips its rows (the default says "changed", which re-renders every row).
public protocol TableDelegate {
  /// The number of sections; 1 by default.
  func numberOfSections() -> Int
  /// The number of rows in a section.
  func numberOfRows(forSection section: Int) -> Int
  /// The description of a row's cell. Its frame is set by the table.
  func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription
  /// The height of a row; scalable parts follow the table's multiplier.
  func height(forRowAt indexPath: TableIndexPath) -> Value
  /// Whether this delegate would describe the same table as `other`; `false` by default.
  func isEqual(to other: any TableDelegate) -> Bool
  /// Called when the user taps a row; does nothing by default.
  @MainActor
  func didTapRow(at indexPath: TableIndexPath, dispatch: Dispatcher)
}

extension TableDelegate {
  public func numberOfSections() -> Int { 1 }
  public func isEqual(to other: any TableDelegate) -> Bool { false }
  @MainActor
  public func didTapRow(at indexPath: TableIndexPath, dispatch: Dispatcher) {}
}

/// A delegate with no rows: the default of ``TableProps``.
public struct EmptyTableDelegate: TableDelegate, Sendable {
  /// Default props; configure them with `build`.
  public init() {}
  public func numberOfRows(forSection section: Int) -> Int { 0 }
  public func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription { View(props: ViewProps()) }
  public func height(forRowAt indexPath: TableIndexPath) -> Value { .zero }
  public func isEqual(to other: any TableDelegate) -> Bool { other is EmptyTableDelegate }
}
