/// The props of a ``View``: a plain, possibly colored, container of children.
public struct ViewProps: NodeDescriptionProps, Buildable, Childrenable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The fill color; clear by default (the original: white) so containers do not hide what is
  /// behind them. See <doc:DeliberateDifferences>.
  public var backgroundColor: Color = .clear
  /// The corner radius: a Plastic value, scaled by the node's multiplier like the layout.
  ///
  /// Backends receive it resolved: `.fixed(points)` (see ``Mutation``).
  public var cornerRadius: Value = .zero
  /// The border width: a Plastic value, scaled by the node's multiplier like the layout. Use a
  /// `.fixed` width for borders that must not scale (a terminal's one-cell frame).
  ///
  /// Backends receive it resolved: `.fixed(points)` (see ``Mutation``).
  public var borderWidth: Value = .zero
  /// The border color.
  public var borderColor: Color = .clear
  /// Whether children are clipped to the frame.
  public var clipsToBounds = true
  /// Whether the view and its children receive events.
  public var isUserInteractionEnabled = true
  /// The children, drawn in order (later ones on top).
  public var children: [AnyNodeDescription] = []

  /// What the element is to assistive technology; unset fields take its natural meaning.
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Props with children built by a closure, for nesting descriptions inline.
  public init(children: () -> [AnyNodeDescription]) {
    self.children = children()
  }

  /// Equal when every compared property is equal (see the type's note on closures).
  public static func == (lhs: ViewProps, rhs: ViewProps) -> Bool {
    lhs.frame == rhs.frame && lhs.accessibility == rhs.accessibility && lhs.alpha == rhs.alpha && lhs.key == rhs.key
      && lhs.backgroundColor == rhs.backgroundColor && lhs.cornerRadius == rhs.cornerRadius
      && lhs.borderWidth == rhs.borderWidth && lhs.borderColor == rhs.borderColor
      && lhs.clipsToBounds == rhs.clipsToBounds && lhs.isUserInteractionEnabled == rhs.isUserInteractionEnabled
      && descriptionsAreEqual(lhs.children, rhs.children)
  }
}
