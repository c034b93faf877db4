/// The props of a ``TextField``.
///
/// `==` compares everything but the closures (it does compare whether each is set).
public struct TextFieldProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The fill color.
  public var backgroundColor: Color = .white
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
  /// The text shown; keep it in your state and set it back from ``onChange``.
  public var text = ""
  /// Shown while the text is empty.
  public var placeholder = ""
  /// The text color.
  public var textColor: Color = .black
  /// Whether the text is hidden (passwords).
  public var isSecure = false
  /// Whether the user can edit the text.
  public var isEnabled = true
  /// Called with the whole new text after each edit.
  public var onChange: (@MainActor (String) -> Void)?
  /// Called when the user presses Enter.
  public var onSubmit: (@MainActor () -> Void)?

  /// What the element is to assistive technology; unset fields take its natural meaning.
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Equal when every compared property is equal (see the type's note on closures).
  public static func == (lhs: TextFieldProps, rhs: TextFieldProps) -> Bool {
    lhs.frame == rhs.frame && lhs.accessibility == rhs.accessibility && lhs.alpha == rhs.alpha && lhs.key == rhs.key
      && lhs.backgroundColor == rhs.backgroundColor && lhs.cornerRadius == rhs.cornerRadius
      && lhs.borderWidth == rhs.borderWidth && lhs.borderColor == rhs.borderColor && lhs.text == rhs.text
      && lhs.placeholder == rhs.placeholder && lhs.textColor == rhs.textColor && lhs.isSecure == rhs.isSecure
      && lhs.isEnabled == rhs.isEnabled && (lhs.onChange == nil) == (rhs.onChange == nil)
      && (lhs.onSubmit == nil) == (rhs.onSubmit == nil)
  }
}
