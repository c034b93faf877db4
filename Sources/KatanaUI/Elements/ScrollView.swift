/// A viewport on content taller than its frame, with a scroll bar.
///
/// The backend scrolls it and keeps the position across re-renders: in a terminal with the
/// wheel, Page Up / Page Down (when the focus is inside it or it is the first scrolling element
/// on screen), and by following the focus; the scroll bar takes the rightmost column, so lay
/// the content out one column narrower. In a browser it is an `overflow: auto` box with the
/// browser's own scroll bar, wheel, keys and touch. It is focusable where the browser makes
/// scrolling boxes focusable, and a terminal lets Page Up / Page Down reach it without focus.
///
/// ```swift
/// ScrollView(props: ScrollViewProps.build { viewport in
///   viewport.frame = Rect(x: 0, y: 16, width: width, height: 160)
///   viewport.children = [
///     Label(props: LabelProps.build { body in
///       body.frame = Rect(x: 0, y: 0, width: width - 8, height: 16 * Double(lines))
///       body.text = note.body
///       body.numberOfLines = 0
///       body.lineBreakMode = .byWordWrapping
///     })
///   ]
/// })
/// ```
public struct ScrollView: NodeDescription {
  /// The description's props.
  public var props: ScrollViewProps

  /// Creates the description from its props.
  public init(props: ScrollViewProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .scrollView }

  @MainActor
  public static func childrenDescriptions(
    props: ScrollViewProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.children
  }
}
