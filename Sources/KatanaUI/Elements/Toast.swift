/// A transient message ("Saved"), drawn over the screen in a box of its own and announced
/// politely to screen readers.
///
/// The toast shows ``StatusProps/text`` while the description is in the tree: the app decides
/// how long, usually with a side effect that sleeps on the store's injected clock and then clears
/// the message, so tests step the clock instead of waiting.
///
/// ```swift
/// if let message = state.toast {
///   children.append(Toast(props: StatusProps.build { toast in
///     toast.frame = Rect(x: width / 2 - 80, y: height - 48, width: 160, height: 16)
///     toast.text = message
///   }))
/// }
/// ```
public struct Toast: NodeDescription {
  /// The description's props.
  public var props: StatusProps

  /// Creates the description from its props.
  public init(props: StatusProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .toast }

  @MainActor
  public static func childrenDescriptions(
    props: StatusProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }
}
