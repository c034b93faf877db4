/// An invisible container that reports touches (and key presses) on its area to handlers.
///
/// Touches and keys its children do not handle bubble up to it.
public struct TouchHandler: NodeDescription {
  /// The description's props.
  public var props: TouchHandlerProps

  /// Creates the description from its props.
  public init(props: TouchHandlerProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .touchHandler }

  @MainActor
  public static func childrenDescriptions(
    props: TouchHandlerProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.children
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: TouchHandlerProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    switch event {
    case .touch(let phase): runTouchHandlers(props.handlers, for: phase)
    case .key(let press): props.keyHandler?(press) ?? false
    default: false
    }
  }
}
