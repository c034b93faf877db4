/// The props of an ``ActivityIndicator``.
public struct ActivityIndicatorProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// Whether the spinner turns; a stopped spinner draws nothing.
  public var isAnimating = true
  /// What is going on ("Searching"): the accessible name, drawn after the spinner.
  public var title = ""
  /// The colour; `nil` for the backend's own.
  public var tintColor: Color?

  /// What the element is to assistive technology; unset fields take its natural meaning (an
  /// indeterminate progress bar, busy while animating).
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}
}
