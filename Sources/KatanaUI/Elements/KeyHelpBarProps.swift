/// The props of a ``KeyHelpBar``.
public struct KeyHelpBarProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The screen's bindings, in the order to show them; each backend shows those of its medium.
  public var bindings: [KeyBinding] = []
  /// The text colour; `nil` for the backend's own (the theme's secondary text).
  public var textColor: Color?
  /// Where the line sits in its frame.
  public var textAlignment: TextAlignment = .left

  /// What the element is to assistive technology; unset fields take its natural meaning (a
  /// group: the hints are read as text).
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}
}
