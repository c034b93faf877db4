/// The props of a ``Checkbox``.
///
/// `==` compares everything but the closure (it does compare whether it is set).
public struct CheckboxProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The text beside the box; also its accessible name unless ``accessibility`` gives one.
  public var title = ""
  /// Whether the box is checked (the switch is on). The checkbox is controlled: it shows this
  /// value, so store the value ``onToggle`` hands you.
  public var isChecked = false
  /// A check box or a switch.
  public var style: CheckboxStyle = .checkbox
  /// Whether the user can toggle it.
  public var isEnabled = true
  /// The text colour; `nil` for the backend's own.
  public var textColor: Color?
  /// The fill colour behind box and title; clear by default.
  public var backgroundColor: Color = .clear
  /// Called with the new value when the user toggles the box (a click, Space or Enter).
  public var onToggle: (@MainActor (Bool) -> Void)?

  /// What the element is to assistive technology; unset fields take its natural meaning (a
  /// checkbox or switch named by its title, with its checked state).
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Equal when every compared property is equal (see the type's note on closures).
  public static func == (lhs: CheckboxProps, rhs: CheckboxProps) -> Bool {
    lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key && lhs.title == rhs.title
      && lhs.isChecked == rhs.isChecked && lhs.style == rhs.style && lhs.isEnabled == rhs.isEnabled
      && lhs.textColor == rhs.textColor && lhs.backgroundColor == rhs.backgroundColor
      && lhs.accessibility == rhs.accessibility
      && (lhs.onToggle == nil) == (rhs.onToggle == nil)
  }
}
