/// A row of tabs, one of them selected: the bar above a panel the app draws for the selected tab.
///
/// ``NodeEvent/select(_:)`` with another tab's index calls ``TabsProps/onSelect``. The backends
/// send it for a click on a tab and, while the tabs have the focus, for Left and Right (the
/// neighbouring tab), Home and End (the first and last): choosing moves the selection at once,
/// as the WAI-ARIA tabs pattern's automatic activation does. The tabs take one stop of the focus
/// order.
///
/// In a terminal the bar draws ` All  [Active]  Done ` (the selected title in brackets and
/// inverse video while focused); in a browser a `role=tablist` of `role=tab` buttons with
/// `aria-selected`. Mark the panel you draw with ``Accessibility`` role
/// ``AccessibilityRole/tabPanel``.
///
/// ```swift
/// Tabs(props: TabsProps.build { tabs in
///   tabs.frame = Rect(x: 0, y: 0, width: 300, height: 16)
///   tabs.titles = ["All", "Active", "Done"]
///   tabs.selectedIndex = filter.index
///   tabs.onSelect = { index in dispatch(SetFilter(index)) }
/// })
/// ```
public struct Tabs: NodeDescription {
  /// The description's props.
  public var props: TabsProps

  /// Creates the description from its props.
  public init(props: TabsProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .tabs }

  @MainActor
  public static func childrenDescriptions(
    props: TabsProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: TabsProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .select(let index) = event else { return false }
    if props.isEnabled, props.titles.indices.contains(index), index != props.selectedIndex {
      props.onSelect?(index)
    }
    return true
  }
}
