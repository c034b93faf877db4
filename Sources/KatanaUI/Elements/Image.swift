/// An image, named; the backend resolves the name.
public struct Image: NodeDescription {
  /// The description's props.
  public var props: ImageProps

  /// Creates the description from its props.
  public init(props: ImageProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .image }

  @MainActor
  public static func childrenDescriptions(
    props: ImageProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }
}
