/// A read-only text.
public struct Label: NodeDescription {
  /// The description's props.
  public var props: LabelProps

  /// Creates the description from its props.
  public init(props: LabelProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .label }

  @MainActor
  public static func childrenDescriptions(
    props: LabelProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }
}
