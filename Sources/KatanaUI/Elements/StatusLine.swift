/// A line of status text ("12 notes · saved 10:42"), usually along the bottom of a screen,
/// announced politely to screen readers when it changes.
///
/// ```swift
/// StatusLine(props: StatusProps.build { status in
///   status.frame = Rect(x: 0, y: height - 32, width: width, height: 16)
///   status.text = "\(notes.count) notes"
/// })
/// ```
public struct StatusLine: NodeDescription {
  /// The description's props.
  public var props: StatusProps

  /// Creates the description from its props.
  public init(props: StatusProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .statusLine }

  @MainActor
  public static func childrenDescriptions(
    props: StatusProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }
}
