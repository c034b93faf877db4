/// The props of a ``Button``.
///
/// `==` compares everything except the handler closures (it does compare which events have
/// handlers). The renderer always keeps the newest props, so a tap runs the newest handler.
public struct ButtonProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The fill color; clear by default (the original: white), so a button shows its title on
  /// whatever is behind it unless a design colors it. See <doc:DeliberateDifferences>.
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
  /// Whether the button reacts to touches.
  public var isEnabled = true
  /// Titles per state; ``ControlState/normal`` is the fallback.
  public var titles: [ControlState: String] = [:]
  /// Title colors per state.
  public var titleColors: [ControlState: Color] = [:]
  /// Image names per state; a backend resolves names to images.
  public var images: [ControlState: String] = [:]
  /// Background image names per state.
  public var backgroundImages: [ControlState: String] = [:]
  /// Insets of the whole content, in points.
  public var contentEdgeInsets: Insets = .zero
  /// Insets of the title, in points.
  public var titleEdgeInsets: Insets = .zero
  /// Insets of the image, in points.
  public var imageEdgeInsets: Insets = .zero
  /// Handlers per touch phase; a handler runs for every phase its key contains.
  public var touchHandlers: [TouchHandlerEvent: TouchHandlerClosure] = [:]

  /// What the element is to assistive technology; unset fields take its natural meaning.
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// The title for `state`, falling back to the normal title.
  public func title(for state: ControlState) -> String? { titles[state] ?? titles[.normal] }

  /// Equal when every compared property is equal (see the type's note on closures).
  public static func == (lhs: ButtonProps, rhs: ButtonProps) -> Bool {
    lhs.frame == rhs.frame && lhs.accessibility == rhs.accessibility && lhs.alpha == rhs.alpha && lhs.key == rhs.key
      && lhs.backgroundColor == rhs.backgroundColor && lhs.cornerRadius == rhs.cornerRadius
      && lhs.borderWidth == rhs.borderWidth && lhs.borderColor == rhs.borderColor
      && lhs.clipsToBounds == rhs.clipsToBounds && lhs.isEnabled == rhs.isEnabled && lhs.titles == rhs.titles
      && lhs.titleColors == rhs.titleColors && lhs.images == rhs.images
      && lhs.backgroundImages == rhs.backgroundImages && lhs.contentEdgeInsets == rhs.contentEdgeInsets
      && lhs.titleEdgeInsets == rhs.titleEdgeInsets && lhs.imageEdgeInsets == rhs.imageEdgeInsets
      && Set(lhs.touchHandlers.keys) == Set(rhs.touchHandlers.keys)
  }
}
