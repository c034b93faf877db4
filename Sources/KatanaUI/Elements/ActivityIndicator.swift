/// Work of unknown length in progress: a spinner and an optional title.
///
/// The spinner turns on the backend's own clock and costs no mutation while it turns: a
/// terminal draws frame `n` of `⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏` (`|/-\` in ASCII) at the event loop's time on its
/// injected clock (tests step a `ManualClock` and read a deterministic frame, see
/// `TerminalBackend.animationTime`); a browser turns it with CSS, which stops under
/// `prefers-reduced-motion`. To assistive technology it is a busy, indeterminate progress bar.
///
/// ```swift
/// ActivityIndicator(props: ActivityIndicatorProps.build { spinner in
///   spinner.frame = Rect(x: 8, y: 48, width: 120, height: 16)
///   spinner.title = "Searching"
///   spinner.isAnimating = state.isSearching
/// })
/// ```
public struct ActivityIndicator: NodeDescription {
  /// The description's props.
  public var props: ActivityIndicatorProps

  /// Creates the description from its props.
  public init(props: ActivityIndicatorProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .activityIndicator }

  @MainActor
  public static func childrenDescriptions(
    props: ActivityIndicatorProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }
}
