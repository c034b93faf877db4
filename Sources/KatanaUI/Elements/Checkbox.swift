/// A check box or switch with a title: an on/off value the user toggles.
///
/// A completed tap (``NodeEvent/tap``: a click, or Space or Enter on the focused box in either
/// backend) calls ``CheckboxProps/onToggle`` with the opposite of ``CheckboxProps/isChecked``.
/// The box is controlled: store the new value and hand it back.
///
/// In a terminal it draws `[x] Title` (`(on ) Title` as a switch) and takes the focus like a
/// button; in a browser it is a labelled `<input type=checkbox>` (with `role=switch` as a switch).
/// To assistive technology it is a ``AccessibilityRole/checkbox`` (or ``AccessibilityRole/switch``)
/// named by its title, checked or not.
///
/// ```swift
/// Checkbox(props: CheckboxProps.build { box in
///   box.frame = Rect(x: 0, y: 0, width: 200, height: 16)
///   box.title = "Pinned"
///   box.style = .switch
///   box.isChecked = note.isPinned
///   box.onToggle = { pinned in dispatch(SetPinned(pinned)) }
/// })
/// ```
public struct Checkbox: NodeDescription {
  /// The description's props.
  public var props: CheckboxProps

  /// Creates the description from its props.
  public init(props: CheckboxProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .checkbox }

  @MainActor
  public static func childrenDescriptions(
    props: CheckboxProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: CheckboxProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .touch(let phase) = event else { return false }
    if phase == .touchUpInside, props.isEnabled { props.onToggle?(!props.isChecked) }
    return true
  }
}
