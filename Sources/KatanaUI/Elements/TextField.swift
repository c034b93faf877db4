/// An editable single line of text.
///
/// ``NodeEvent/textInput(_:)`` runs ``TextFieldProps/onChange`` and a ``NodeEvent/key(_:)`` of
/// Enter runs ``TextFieldProps/onSubmit``. The field is controlled: it shows ``TextFieldProps/text``,
/// so store the new text (in node state or the store) to see it.
public struct TextField: NodeDescription {
  /// The description's props.
  public var props: TextFieldProps

  /// Creates the description from its props.
  public init(props: TextFieldProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .textField }

  @MainActor
  public static func childrenDescriptions(
    props: TextFieldProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: TextFieldProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard props.isEnabled else { return false }
    switch event {
    case .textInput(let text):
      props.onChange?(text)
      return props.onChange != nil
    case .key(let press) where press.key == .enter:
      props.onSubmit?()
      return props.onSubmit != nil
    default:
      return false
    }
  }
}
