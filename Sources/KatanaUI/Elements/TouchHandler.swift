/// An invisible container that reports touches (and key presses) on its area to handlers.
///
/// Touches and keys its children do not handle bubble up to it.
public struct TouchHandler: NodeDescription {
  public var props: TouchHandlerProps

  public init(props: TouchHandlerProps) {
    self.props = props
  }

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
