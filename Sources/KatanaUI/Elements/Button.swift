/// A button: a title and image per state, and handlers per touch phase.
///
/// A ``NodeEvent/touch(_:)`` event runs the matching ``ButtonProps/touchHandlers`` when the button
/// is enabled; a disabled button swallows touches.
public struct Button: NodeDescription {
  /// The description's props.
  public var props: ButtonProps

  /// Creates the description from its props.
  public init(props: ButtonProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .button }

  @MainActor
  public static func childrenDescriptions(
    props: ButtonProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: ButtonProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .touch(let phase) = event else { return false }
    guard props.isEnabled else { return true }
    _ = runTouchHandlers(props.touchHandlers, for: phase)
    return true
  }
}
