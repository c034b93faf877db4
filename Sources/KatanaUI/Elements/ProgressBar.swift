/// How far a task has gone: a bar filled to ``ProgressBarProps/value``, or an animated
/// indeterminate bar while the value is `nil`.
///
/// One node, whatever the value: a new value is one ``Mutation/updateProps(_:props:)`` of it,
/// and none when the value did not change by a thousandth (see ``ProgressBarProps``). In a
/// browser it is a native `<progress>`; in a terminal a bar of `█` and `░` (`#` and `-` in
/// ASCII) with the percentage. An indeterminate bar is animated by the backend on its own
/// clock (the terminal event loop's injected clock, CSS in a browser), without mutations.
///
/// ```swift
/// ProgressBar(props: ProgressBarProps.build { bar in
///   bar.frame = Rect(x: 8, y: 32, width: 200, height: 16)
///   bar.title = "Importing notes"
///   bar.value = Double(state.imported) / Double(state.total)
/// })
/// ```
public struct ProgressBar: NodeDescription {
  /// The description's props.
  public var props: ProgressBarProps

  /// Creates the description from its props.
  public init(props: ProgressBarProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .progressBar }

  @MainActor
  public static func childrenDescriptions(
    props: ProgressBarProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }
}
