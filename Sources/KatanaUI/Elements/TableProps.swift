/// The props of a ``Table``.
public struct TableProps: NodeDescriptionProps, Buildable {
  public var frame: Rect = .zero
  public var alpha: Double = 1
  public var key: String?
  public var backgroundColor: Color = .clear
  /// Where the rows come from.
  public var delegate: any TableDelegate = EmptyTableDelegate()

  public init() {}

  public static func == (lhs: TableProps, rhs: TableProps) -> Bool {
    lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key
      && lhs.backgroundColor == rhs.backgroundColor && lhs.delegate.isEqual(to: rhs.delegate)
  }
}
