/// A read-only text.
public struct Label: NodeDescription {
  public var props: LabelProps

  public init(props: LabelProps) {
    self.props = props
  }

  public static var nativeViewKind: NativeViewKind { .label }

  @MainActor
  public static func childrenDescriptions(
    props: LabelProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }
}
