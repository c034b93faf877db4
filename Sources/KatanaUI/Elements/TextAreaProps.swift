/// The props of a ``TextArea``.
///
/// `==` compares everything but the closure (it does compare whether it is set); the document
/// by revision, which costs nothing (see ``TextDocument``).
public struct TextAreaProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The text shown. The area is controlled: apply each edit ``onEdit`` hands you to the
  /// document you keep, and hand it back.
  public var document = TextDocument()
  /// Shown while the document is empty; the accessible name unless ``accessibility`` gives one.
  public var placeholder = ""
  /// Whether the user can edit the text (a disabled area still scrolls).
  public var isEnabled = true
  /// The text colour; `nil` for the backend's own.
  public var textColor: Color?
  /// The fill colour; `nil` for the backend's own.
  public var backgroundColor: Color?
  /// Called with each edit the user makes, in order.
  public var onEdit: (@MainActor (TextEdit) -> Void)?

  /// What the element is to assistive technology; unset fields take its natural meaning (a
  /// multi-line text area named by its placeholder).
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Equal when every compared property is equal (see the type's note).
  public static func == (lhs: TextAreaProps, rhs: TextAreaProps) -> Bool {
    lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key && lhs.document == rhs.document
      && lhs.placeholder == rhs.placeholder && lhs.isEnabled == rhs.isEnabled && lhs.textColor == rhs.textColor
      && lhs.backgroundColor == rhs.backgroundColor && lhs.accessibility == rhs.accessibility
      && (lhs.onEdit == nil) == (rhs.onEdit == nil)
  }
}
