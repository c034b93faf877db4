/// The props of a ``Toast`` and of a ``StatusLine``: a short message, announced politely to
/// screen readers when it changes.
public struct StatusProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The message; an empty one draws nothing.
  public var text = ""
  /// The text colour; `nil` for the backend's own.
  public var textColor: Color?
  /// The fill colour; `nil` for the backend's own (a toast has one, a status line none).
  public var backgroundColor: Color?

  /// What the element is to assistive technology; unset fields take its natural meaning (a
  /// polite ``AccessibilityRole/status`` named by its text). Make an error an
  /// ``AccessibilityRole/alert`` to have it announced at once.
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}
}
