/// The props of a ``TableRow``: which row it is and the cell it shows.
public struct TableRowProps: NodeDescriptionProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The row's position in the table.
  public var indexPath: TableIndexPath
  /// The row's height as the delegate gave it.
  public var height: Value
  /// The cell description shown in the row, filling it.
  public var cell: AnyNodeDescription

  /// Creates the props of a row; the key is derived from the index path.
  public init(indexPath: TableIndexPath, height: Value, cell: AnyNodeDescription) {
    self.indexPath = indexPath
    self.height = height
    self.cell = cell
    key = Self.key(for: indexPath)
  }

  /// The key of the row at `indexPath`: `"section:row"`.
  public static func key(for indexPath: TableIndexPath) -> String { "\(indexPath.section):\(indexPath.row)" }

  /// Equal when every compared property is equal (see the type's note on closures).
  public static func == (lhs: TableRowProps, rhs: TableRowProps) -> Bool {
    lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key && lhs.indexPath == rhs.indexPath
      && lhs.height == rhs.height && descriptionsAreEqual(lhs.cell, rhs.cell)
  }
}
