/// An image, named; the backend resolves the name.
public struct Image: NodeDescription {
  public var props: ImageProps

  public init(props: ImageProps) {
    self.props = props
  }

  public static var nativeViewKind: NativeViewKind { .image }

  @MainActor
  public static func childrenDescriptions(
    props: ImageProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }
}
