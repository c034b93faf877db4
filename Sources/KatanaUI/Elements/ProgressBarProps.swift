/// The props of a ``ProgressBar``.
///
/// `==` compares ``value`` to a thousandth: an update that moves the bar by less than that
/// changes nothing on screen and makes no mutation, so a task reporting its progress thousands
/// of times a second costs the renderer at most one mutation per visible step.
public struct ProgressBarProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// How far the task has gone, from 0 to 1 (clamped); `nil` while it is not known (an
  /// indeterminate bar, animated by the backend).
  public var value: Double?
  /// What is progressing ("Importing notes"): the accessible name. Backends do not draw it.
  public var title = ""
  /// The colour of the filled part; `nil` for the backend's own.
  public var tintColor: Color?

  /// What the element is to assistive technology; unset fields take its natural meaning (a
  /// progress bar with its value as a range from 0 to 1).
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// ``value`` clamped to 0...1 and rounded to a thousandth, as backends draw it.
  public var displayedValue: Double? {
    value.map { (min(max($0.isFinite ? $0 : 0, 0), 1) * 1000).rounded() / 1000 }
  }

  /// Equal when every compared property is equal, values to a thousandth.
  public static func == (lhs: ProgressBarProps, rhs: ProgressBarProps) -> Bool {
    lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key
      && lhs.displayedValue == rhs.displayedValue && lhs.title == rhs.title && lhs.tintColor == rhs.tintColor
      && lhs.accessibility == rhs.accessibility
  }
}
