/// The props of a ``Table``.
public struct TableProps: NodeDescriptionWithRefProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The fill color.
  public var backgroundColor: Color = .clear
  /// Where the rows come from.
  public var delegate: any TableDelegate = EmptyTableDelegate()
  /// Whether only the rows near the visible part are mounted (see ``Table``); `false`, the
  /// default, mounts every row.
  public var mountsOnlyVisibleRows = false
  /// Receives a ``TableRef`` after each render of the table (not compared by `==`).
  public var refCallback: RefCallback<TableRef>?

  /// What the element is to assistive technology; unset fields take its natural meaning.
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Equal when every compared property is equal (see the type's note on closures).
  public static func == (lhs: TableProps, rhs: TableProps) -> Bool {
    lhs.frame == rhs.frame && lhs.accessibility == rhs.accessibility && lhs.alpha == rhs.alpha && lhs.key == rhs.key
      && lhs.mountsOnlyVisibleRows == rhs.mountsOnlyVisibleRows && lhs.backgroundColor == rhs.backgroundColor && lhs.delegate.isEqual(to: rhs.delegate)
  }
}
