/// The props of a ``Label``.
public struct LabelProps: NodeDescriptionProps, Buildable, Hashable, Sendable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The fill color; clear by default (the original: white), so text sits on whatever is
  /// behind it on a terminal or a page. See <doc:DeliberateDifferences>.
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
  /// Whether content is clipped to the frame.
  public var clipsToBounds = true
  /// The text shown.
  public var text = ""
  /// The text color.
  public var textColor: Color = .black
  /// The font size, in points; backends without fonts ignore it.
  public var fontSize: Double = 17
  /// The horizontal alignment.
  public var textAlignment: TextAlignment = .left
  /// What happens to text that does not fit.
  public var lineBreakMode: LineBreakMode = .byClipping
  /// The maximum number of lines; 0 for no limit.
  public var numberOfLines = 1
  /// Whether the font may shrink to fit the width.
  public var adjustsFontSizeToFitWidth = true
  /// Whether letters may be tightened before truncating; `true`, as in the original.
  public var allowsDefaultTighteningForTruncation = true
  /// The smallest font scale allowed when shrinking.
  public var minimumScaleFactor: Double = 0.1

  /// What the element is to assistive technology; unset fields take its natural meaning.
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}
}
