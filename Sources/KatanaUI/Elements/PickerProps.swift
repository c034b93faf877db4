/// The props of a ``Picker``.
///
/// `==` compares everything but the closure (it does compare whether it is set).
public struct PickerProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// What is being chosen ("Sort by"): the picker's accessible name. Backends do not draw it;
  /// put a ``Label`` beside the picker for sighted users.
  public var title = ""
  /// The options, in order.
  public var options: [String] = []
  /// The index of the chosen option in ``options``. The picker is controlled: store the index
  /// ``onSelect`` hands you.
  public var selectedIndex = 0
  /// Whether the user can change the choice.
  public var isEnabled = true
  /// Called with the index of the option the user chose (never the chosen one).
  public var onSelect: (@MainActor (Int) -> Void)?

  /// What the element is to assistive technology; unset fields take its natural meaning (a
  /// picker named by ``title`` whose value is the chosen option).
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Equal when every compared property is equal (see the type's note on closures).
  public static func == (lhs: PickerProps, rhs: PickerProps) -> Bool {
    lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key && lhs.title == rhs.title
      && lhs.options == rhs.options && lhs.selectedIndex == rhs.selectedIndex && lhs.isEnabled == rhs.isEnabled
      && lhs.accessibility == rhs.accessibility && (lhs.onSelect == nil) == (rhs.onSelect == nil)
  }
}
