/// The props of ``Tabs``.
///
/// `==` compares everything but the closure (it does compare whether it is set).
public struct TabsProps: NodeDescriptionProps, Buildable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The tabs' titles, left to right; each is also its tab's accessible name.
  public var titles: [String] = []
  /// The index of the selected tab in ``titles``. The tabs are controlled: store the index
  /// ``onSelect`` hands you.
  public var selectedIndex = 0
  /// Whether the user can change the tab.
  public var isEnabled = true
  /// Called with the index of the tab the user chose (never the selected one).
  public var onSelect: (@MainActor (Int) -> Void)?

  /// What the element is to assistive technology; unset fields take its natural meaning (a tab
  /// list whose value is the selected tab's title).
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Equal when every compared property is equal (see the type's note on closures).
  public static func == (lhs: TabsProps, rhs: TabsProps) -> Bool {
    lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key && lhs.titles == rhs.titles
      && lhs.selectedIndex == rhs.selectedIndex && lhs.isEnabled == rhs.isEnabled
      && lhs.accessibility == rhs.accessibility && (lhs.onSelect == nil) == (rhs.onSelect == nil)
  }
}
