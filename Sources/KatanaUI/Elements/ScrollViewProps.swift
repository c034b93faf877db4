/// The props of a ``ScrollView``.
public struct ScrollViewProps: NodeDescriptionProps, Buildable, Childrenable, AccessibleProps {
  /// The frame, in points, relative to the parent: the visible part (the viewport).
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The fill colour.
  public var backgroundColor: Color = .clear
  /// The content, in points relative to the content's top-left corner; it may reach far below
  /// the frame. The content is as tall as its lowest child.
  public var children: [AnyNodeDescription] = []

  /// What the element is to assistive technology; unset fields take its natural meaning (a
  /// group). Give a long text's viewport a ``Landmark/region`` and a label.
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Equal when every compared property is equal; children by type and props.
  public static func == (lhs: ScrollViewProps, rhs: ScrollViewProps) -> Bool {
    lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key
      && lhs.backgroundColor == rhs.backgroundColor && lhs.accessibility == rhs.accessibility
      && descriptionsAreEqual(lhs.children, rhs.children)
  }
}
