/// A choice of one option among several: a select.
///
/// ``NodeEvent/select(_:)`` with another option's index calls ``PickerProps/onSelect``. In a
/// browser the picker is a native `<select>` (its list, keys and touch behaviour are the
/// browser's); in a terminal it draws `‹ Newest first ›` and, while focused, Left and Right
/// choose the previous and next option, Enter, Space or a click the next one (wrapping), Home
/// and End the first and last.
///
/// ```swift
/// Picker(props: PickerProps.build { picker in
///   picker.frame = Rect(x: 80, y: 0, width: 160, height: 16)
///   picker.title = "Sort by"
///   picker.options = ["Newest first", "Oldest first", "Title"]
///   picker.selectedIndex = state.sortOrder.rawValue
///   picker.onSelect = { index in dispatch(SetSortOrder(index)) }
/// })
/// ```
public struct Picker: NodeDescription {
  /// The description's props.
  public var props: PickerProps

  /// Creates the description from its props.
  public init(props: PickerProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .picker }

  @MainActor
  public static func childrenDescriptions(
    props: PickerProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: PickerProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .select(let index) = event else { return false }
    if props.isEnabled, props.options.indices.contains(index), index != props.selectedIndex {
      props.onSelect?(index)
    }
    return true
  }
}
